import { EmailTurns } from '../../../../../src/domain/captures/queue/email-turns';

describe('EmailTurns (fair priorities in a shared BullMQ queue)', () => {
  it("numbers each email's jobs from 1, independently of other emails", () => {
    const turns = new EmailTurns();
    const grid = Array.from({ length: 5 }, (_, i) => turns.next(`g${i}`, 'grid'));
    expect(grid).toEqual([1, 2, 3, 4, 5]);
    expect(turns.next('o0', 'other')).toBe(1); // ahead of the grid's second job
  });

  it('moves an email up a turn as its jobs finish', () => {
    const turns = new EmailTurns();
    turns.next('g0', 'grid');
    turns.next('g1', 'grid');
    turns.finished('g0');
    turns.finished('g1');
    turns.finished('g1'); // heard twice: counted once
    expect(turns.next('g2', 'grid')).toBe(1);
  });
});
