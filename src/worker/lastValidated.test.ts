import { describe, expect, it } from 'vitest';
import { ENGINE } from './engine';
import { createInProcessTransport } from './inProcessTransport';
import { createLastValidated } from './lastValidated';
import type { Command, WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';

describe('createLastValidated', () => {
  it('gives a load the result validated for the same text once, and parses anything else', () => {
    const parsed: string[] = [];
    const memo = createLastValidated((text: string) => {
      parsed.push(text);
      return { text };
    });
    const checked = memo.validate('a');
    expect(memo.forLoad('a')).toBe(checked);
    // Taken: a second load of the same text parses again (one parsed scenario per simulation).
    expect(memo.forLoad('a')).not.toBe(checked);
    memo.validate('b');
    expect(memo.forLoad('c')).toEqual({ text: 'c' });
    memo.validate('d');
    expect(memo.keptText(1)).toBe('d');
    expect(memo.keptText(2)).toBeNull();
    memo.drop();
    expect(memo.keptText(1)).toBeNull();
    expect(memo.forLoad('d')).toEqual({ text: 'd' });
    expect(parsed).toEqual(['a', 'a', 'b', 'c', 'd', 'd']);
  });
});

describe('the host reads a validated text once when it is applied', () => {
  it('parses the welcome text once for validate then load, and the run is the same as a fresh load', async () => {
    const welcome = findBuiltinScenario('welcome')!.text;
    let parses = 0;
    const counting = {
      ...ENGINE,
      parseScenario: (text: string, options: { fileName?: string }) => {
        parses++;
        return ENGINE.parseScenario(text, options);
      },
    };
    const transport = createInProcessTransport(counting, { chunkBudgetMs: 0 });
    const messages: WorkerMessage[] = [];
    transport.listen({ message: (m) => messages.push(m), crash: () => undefined });
    const replyTo = async (id: number) => {
      for (let i = 0; i < 500; i++) {
        const found = messages.find((m) => m.type === 'reply' && m.id === id);
        if (found !== undefined) return found;
        await new Promise((r) => setTimeout(r, 1));
      }
      throw new Error(`no reply to ${id}`);
    };
    const send = (command: Command) => {
      transport.post(command);
      return replyTo(command.id);
    };
    await send({ type: 'hello', id: 1, protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false });
    await send({ type: 'validate', id: 2, text: welcome });
    const first = await send({ type: 'load', id: 3, text: welcome, fileName: null });
    expect(parses).toBe(1);
    // Loading it again parses afresh and gives the same summary.
    const second = await send({ type: 'load', id: 4, text: welcome, fileName: null });
    expect(parses).toBe(2);
    const summary = (m: WorkerMessage) =>
      m.type === 'reply' && m.kind === 'load' && m.result.ok ? m.result.summary : null;
    expect(summary(first)).not.toBeNull();
    expect(summary(first)).toEqual(summary(second));

    // A load standing for the validated text (protocol 13) reads the kept parse: no parse, the same summary.
    await send({ type: 'validate', id: 5, text: welcome });
    expect(parses).toBe(3);
    const standIn = await send({ type: 'load', id: 6, sameAsValidated: welcome.length, fileName: null });
    expect(parses).toBe(3);
    expect(summary(standIn)).toEqual(summary(first));
    // Taken by that load, or of another length: the worker says it does not hold it.
    const failureOf = async (command: Command) => {
      transport.post(command);
      for (let i = 0; i < 500; i++) {
        const found = messages.find((m) => m.type === 'failure' && m.id === command.id);
        if (found !== undefined) return found.type === 'failure' ? found.error.code : null;
        await new Promise((r) => setTimeout(r, 1));
      }
      return null;
    };
    expect(await failureOf({ type: 'load', id: 7, sameAsValidated: welcome.length, fileName: null })).toBe(
      'not-kept',
    );
    await send({ type: 'validate', id: 8, text: welcome });
    expect(
      await failureOf({ type: 'load', id: 9, sameAsValidated: welcome.length + 1, fileName: null }),
    ).toBe('not-kept');
    transport.terminate();
  });
});
