import { act } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

interface FakeObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit | undefined;
  targets: Set<Element>;
}

/**
 * An IntersectionObserver the test drives: `show(element)` tells every observer watching the element
 * that it came into view (happy-dom's own never reports anything).
 */
export function fakeIntersectionObserver() {
  const observers = new Set<FakeObserver>();

  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin: string;
    readonly thresholds: readonly number[] = [];
    private readonly state: FakeObserver;

    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rootMargin = options?.rootMargin ?? '0px';
      this.state = { callback, options, targets: new Set() };
      observers.add(this.state);
    }
    observe(target: Element) {
      this.state.targets.add(target);
    }
    unobserve(target: Element) {
      this.state.targets.delete(target);
    }
    disconnect() {
      this.state.targets.clear();
      observers.delete(this.state);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }

  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  return {
    /** The options of every live observer watching `element`. */
    optionsFor(element: Element): (IntersectionObserverInit | undefined)[] {
      return [...observers].filter((o) => o.targets.has(element)).map((o) => o.options);
    },
    show(...elements: Element[]) {
      act(() => {
        for (const observer of [...observers]) {
          const entries = elements
            .filter((element) => observer.targets.has(element))
            .map((target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry);
          if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
        }
      });
    },
  };
}
