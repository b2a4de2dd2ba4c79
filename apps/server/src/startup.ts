import type { FastifyInstance } from 'fastify';

/** Loads what a fresh database needs on first start (F1 seed, demo community). */
export async function prepareData(app: FastifyInstance): Promise<void> {
  void app;
}
