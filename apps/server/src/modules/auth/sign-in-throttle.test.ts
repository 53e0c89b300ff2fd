import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, waitAfter } from './sign-in-throttle.js';

describe('waitAfter', () => {
  it('is free within the allowance, then doubles from one second up to the cap', () => {
    const policy = { free: 5, maxWaitSeconds: 60 };
    expect([1, 5, 6, 7, 8, 11, 12, 40].map((n) => waitAfter(n, policy))).toEqual([0, 0, 1, 2, 4, 32, 60, 60]);
  });

  it('slows one address on one account long before the account itself', () => {
    expect(waitAfter(10, SIGN_IN_THROTTLE.accountAddress)).toBeGreaterThan(0);
    expect(waitAfter(10, SIGN_IN_THROTTLE.account)).toBe(0);
    expect(waitAfter(10, SIGN_IN_THROTTLE.address)).toBe(0);
    // Even a determined guesser on one account waits at most the cap between two tries.
    expect(waitAfter(1000, SIGN_IN_THROTTLE.accountAddress)).toBe(15 * 60);
  });
});
