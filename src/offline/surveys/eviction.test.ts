import { describe, expect, it } from 'vitest';
import { evictionPlan, surveyBudget, GB } from './eviction';

const item = (key: number, bytes: number, usedAt: number, pinned = false) => ({ key, bytes, usedAt, pinned });

describe('evictionPlan', () => {
  it('removes nothing while everything fits', () => {
    const plan = evictionPlan([item(1, 40, 1), item(2, 40, 2)], 100, 20);
    expect(plan).toEqual({ evict: [], fits: true, usedAfter: 80 });
  });

  it('removes the least recently opened first, only as many as needed', () => {
    const items = [item(1, 40, 30), item(2, 40, 10), item(3, 40, 20)];
    const plan = evictionPlan(items, 100, 30);
    expect(plan.evict.map((i) => i.key)).toEqual([2, 3]);
    expect(plan.fits).toBe(true);
    expect(plan.usedAfter).toBe(40);
  });

  it('never removes a pinned item, and says when pins leave no room', () => {
    const items = [item(1, 60, 1, true), item(2, 30, 2)];
    const plan = evictionPlan(items, 100, 50);
    expect(plan.evict.map((i) => i.key)).toEqual([2]);
    expect(plan.fits).toBe(false);
  });

  it('keeps the item being stored and counts only its new size', () => {
    const items = [item(1, 50, 1), item(2, 50, 2)];
    const plan = evictionPlan(items, 100, 70, 1);
    expect(plan.evict.map((i) => i.key)).toEqual([2]);
    expect(plan.fits).toBe(true);
  });
});

describe('surveyBudget', () => {
  it('is 1 GB or 60% of the quota, the smaller', () => {
    expect(surveyBudget(10 * GB)).toBe(GB);
    expect(surveyBudget(1.2 * GB)).toBe(GB * 0.72);
    expect(surveyBudget(undefined)).toBe(GB);
    expect(surveyBudget(0)).toBe(GB);
  });
});
