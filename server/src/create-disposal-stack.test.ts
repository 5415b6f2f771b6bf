import { describe, expect, it } from 'vitest';
import { createDisposalStack } from './create-disposal-stack.js';

/** A logger that keeps what the stack reports. */
function recordingLogger() {
  const errors: { resource: unknown; message: string }[] = [];
  return {
    errors,
    logger: {
      debug: () => {},
      error: (fields: { resource?: unknown }, message: string) => {
        errors.push({ resource: fields.resource, message });
      },
    } as unknown as Parameters<typeof createDisposalStack>[0],
  };
}

describe('createDisposalStack', () => {
  it('closes resources in the reverse order they were opened', async () => {
    const closed: string[] = [];
    const stack = createDisposalStack(recordingLogger().logger);
    for (const name of ['database', 'events', 'access checker']) {
      stack.defer(name, async () => {
        closed.push(name);
      });
    }
    await stack.close();
    expect(closed).toEqual(['access checker', 'events', 'database']);
  });

  it('runs each closer once however often it is closed, together or after', async () => {
    let closes = 0;
    const stack = createDisposalStack(recordingLogger().logger);
    stack.defer('database', () => {
      closes++;
    });
    const first = stack.close();
    const second = stack.close();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await stack.close();
    expect(closes).toBe(1);
  });

  it('goes on past a closer that throws, logs it, and rejects once all have run', async () => {
    const closed: string[] = [];
    const { logger, errors } = recordingLogger();
    const stack = createDisposalStack(logger);
    stack.defer('database', () => {
      closed.push('database');
    });
    stack.defer('events', () => {
      throw new Error('redis is gone');
    });
    stack.defer('images', async () => {
      closed.push('images');
    });
    const error = await stack.close().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(closed).toEqual(['images', 'database']);
    expect(errors).toEqual([{ resource: 'events', message: 'closing events failed' }]);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors.map((e: Error) => e.message)).toEqual([
      'redis is gone',
    ]);
  });

  it('closes what a start had opened when it fails half-way, and rethrows its error', async () => {
    const closed: string[] = [];
    const stack = createDisposalStack(recordingLogger().logger);
    const failure = new Error('the image cache cannot be created');
    const started = stack.openAll(async () => {
      stack.defer('database', () => {
        closed.push('database');
      });
      stack.defer('verifier', () => {
        closed.push('verifier');
      });
      throw failure;
    });
    await expect(started).rejects.toBe(failure);
    expect(closed).toEqual(['verifier', 'database']);
  });

  it('reports the start error, not a closer’s, when both fail', async () => {
    const { logger, errors } = recordingLogger();
    const stack = createDisposalStack(logger);
    const failure = new Error('migrations failed');
    const started = stack.openAll(async () => {
      stack.defer('database', () => {
        throw new Error('already gone');
      });
      throw failure;
    });
    await expect(started).rejects.toBe(failure);
    expect(errors.map((e) => e.resource)).toEqual(['database']);
  });

  it('leaves what a start opened open when it succeeds', async () => {
    const closed: string[] = [];
    const stack = createDisposalStack(recordingLogger().logger);
    const value = await stack.openAll(async () => {
      stack.defer('database', () => {
        closed.push('database');
      });
      return 'services';
    });
    expect(value).toBe('services');
    expect(closed).toEqual([]);
    await stack.close();
    expect(closed).toEqual(['database']);
  });

  it('refuses a resource opened after closing began, which would never be closed', async () => {
    const stack = createDisposalStack(recordingLogger().logger);
    await stack.close();
    expect(() => stack.defer('late', () => {})).toThrow(
      'late was opened after its disposal stack closed',
    );
  });
});
