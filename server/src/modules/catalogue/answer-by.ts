import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { checkAnswer, presenter } from '../../platform/presenter.ts';

/**
 * For answers built outside `implement` (the resource factory's modes): presents a value by its
 * answer schema, and in tests checks it against the schema as `implement` does.
 */
export function answerBy<S extends z.ZodType>(ctx: AppContext, schema: S, where: string): (value: unknown) => z.output<S> {
  const present = presenter(schema);
  return (value) => {
    const presented = present(value);
    if (ctx.config.checkAnswers) checkAnswer(schema, presented, where);
    return presented as z.output<S>;
  };
}
