import { describe, expect, it } from 'vitest';
import { inboundMemoryProblem } from './memory-budget';

const MB = 1024 * 1024;

describe('the heap the inbound mail needs', () => {
  it('fits the defaults (25 MB, two at once) in the heap npm start gives', () => {
    expect(
      inboundMemoryProblem({ maxBytes: 25 * MB, concurrency: 2, heapLimitBytes: 384 * MB }),
    ).toBeNull();
  });

  it('names the variables and the largest size that fits when it does not', () => {
    expect(
      inboundMemoryProblem({ maxBytes: 100 * MB, concurrency: 2, heapLimitBytes: 384 * MB }),
    ).toBe(
      'INBOUND_MAX_MB=100 with INBOUND_PROCESSING_CONCURRENCY=2 needs about 928 MB of JavaScript heap, but this process may use 384 MB (node --max-old-space-size): set INBOUND_MAX_MB to at most 32, lower INBOUND_PROCESSING_CONCURRENCY or give node more heap.',
    );
    expect(
      inboundMemoryProblem({ maxBytes: 25 * MB, concurrency: 8, heapLimitBytes: 140 * MB }),
    ).toMatch(/MB \(node --max-old-space-size\): lower INBOUND_PROCESSING_CONCURRENCY or give/);
  });
});
