import { options } from 'preact';

/*
 * Props React reads itself and never writes to the element, which Preact (decision 037) would write as
 * attributes: taken out of every element before it is drawn. Loaded by the components whose libraries pass
 * them (components/ui/sonner.tsx: sonner's toaster section).
 */
const REACT_ONLY_PROPS = ['suppressHydrationWarning'];

const next = options.vnode?.bind(options);
options.vnode = (vnode) => {
  if (typeof vnode.type === 'string' && vnode.props !== null && typeof vnode.props === 'object') {
    const props = vnode.props as Record<string, unknown>;
    for (const name of REACT_ONLY_PROPS) delete props[name];
  }
  next?.(vnode);
};
