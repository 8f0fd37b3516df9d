import { Fragment } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectOpenQuestion } from '../../store/lessonSlice';
import { selectIsPresenting } from '../../store/viewSlice';
import { Keycap } from '../../ui/Keycap';

/**
 * The keys that answer and reveal the open question, in words (decision 0267): what the held note and the
 * presenter's caption offer instead of keys that would skip the question. In presenter mode the clicker's
 * keys reveal; elsewhere the lesson pane's button does (its → only while the pane has focus, because the
 * page's → steps sessions).
 */
export function AnswerKeys({ choices }: { choices: number }) {
  const isPresenting = useAppStore(selectIsPresenting);
  const reveal = isPresenting ? ['Page Down', 'Space', '→'] : null;
  return (
    <>
      pick with <Keycap label="1" />–<Keycap label={String(choices)} />, then{' '}
      {reveal === null ? (
        <>
          press <b>Reveal the answer</b> in the lesson
        </>
      ) : (
        reveal.map((key, i) => (
          <Fragment key={key}>
            {i > 0 && (i === reveal.length - 1 ? ' or ' : ', ')}
            <Keycap label={key} />
          </Fragment>
        ))
      )}{' '}
      {reveal === null ? 'to see it' : 'reveals the answer'}
    </>
  );
}

/** The caption's hint while a question is open: answer it first (no key offered that would skip it). */
export function AnswerFirstHint() {
  const choices = useAppStore((s) => selectOpenQuestion(s)?.choices ?? null);
  if (choices === null) return null;
  return (
    <span data-testid="answer-first.hint">
      {' '}
      Answer the lesson’s question first: <AnswerKeys choices={choices} />.
    </span>
  );
}
