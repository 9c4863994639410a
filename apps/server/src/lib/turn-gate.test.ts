import { describe, expect, it } from 'vitest';
import { TurnGate, acceptingBurst } from './turn-gate.ts';

/** Resolves in the check phase of a later turn, after the gate's own release of that turn. */
const laterTurn = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** Admits `count` requests named from `from`, recording each as it starts. */
function admitMany(gate: TurnGate, started: number[], from: number, count: number) {
  for (let i = from; i < from + count; i++) gate.admit(() => started.push(i));
}

describe('TurnGate', () => {
  it('starts every request at once while no connection is being accepted', () => {
    const gate = new TurnGate(2);
    const started: number[] = [];
    admitMany(gate, started, 0, 50);
    expect(started).toHaveLength(50);
    expect(gate.waiting).toBe(0);
  });

  it('in a turn that accepted a connection, starts its share and the rest in the next turns, in order', async () => {
    const gate = new TurnGate(3);
    const started: number[] = [];
    gate.noteConnection();
    admitMany(gate, started, 0, 8);
    expect(started).toEqual([0, 1, 2]);
    expect(gate.waiting).toBe(5);

    // The next turn's release: the connection was accepted since the last release, so a share of 3.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    // No connection since: the next turn starts all that wait.
    await laterTurn();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(gate.waiting).toBe(0);
  });

  it('keeps the order of arrival: a request read while others wait goes after them', async () => {
    const gate = new TurnGate(1);
    const started: number[] = [];
    gate.noteConnection();
    admitMany(gate, started, 0, 3);
    expect(started).toEqual([0]);
    // Still in the same turn's share window, with requests waiting: a newcomer waits behind them.
    gate.noteConnection();
    admitMany(gate, started, 3, 1);
    expect(started).toEqual([0]);
    while (gate.waiting > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('starts at least one request per turn, whatever the share, so none waits for ever', async () => {
    const gate = new TurnGate(1);
    const started: number[] = [];
    let turns = 0;
    gate.noteConnection();
    admitMany(gate, started, 0, 5);
    while (gate.waiting > 0) {
      gate.noteConnection(); // connections keep arriving
      await new Promise<void>((resolve) => setImmediate(resolve));
      turns++;
    }
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(turns).toBe(4);
  });

  it('refuses a share that is not a positive integer', () => {
    expect(() => new TurnGate(0)).toThrow(RangeError);
    expect(() => new TurnGate(1.5)).toThrow(RangeError);
  });
  it('says the process is accepting a burst from a turn that accepted a connection until a turn that accepted none', async () => {
    const gate = new TurnGate(2);
    // Whatever another test left: a turn without a connection ends any burst.
    gate.admit(() => undefined);
    await laterTurn();
    expect(acceptingBurst()).toBe(false);

    gate.noteConnection();
    expect(acceptingBurst()).toBe(true);
    // Connections accepted in three turns in a row: a burst all along.
    for (let turn = 0; turn < 3; turn += 1) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      expect(acceptingBurst()).toBe(true);
      gate.noteConnection();
    }
    // The turn that accepted the last one, then one that accepted none: the burst is over,
    // with no request to start (the gate looks once more by itself).
    await laterTurn();
    await laterTurn();
    expect(acceptingBurst()).toBe(false);
  });
});
