/** The audit's probe of how fast this host maps fresh memory (scripts/audit/host.ts). */
import { describe, expect, it } from 'vitest';
import { pageFaultMicros } from '../../scripts/audit/host.ts';

describe('page-fault probe', () => {
  it('times a fresh page of memory in microseconds, within what any host can take', () => {
    const micros = pageFaultMicros();
    // Well under a microsecond on bare metal, about 13 on the slowest nested guests seen.
    expect(micros).toBeGreaterThan(0.01);
    expect(micros).toBeLessThan(1000);
  });
});
