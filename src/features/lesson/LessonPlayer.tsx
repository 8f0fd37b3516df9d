import type { Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LessonStepDto } from '../../protocol/messages';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectLesson, selectLessonSteps } from '../../store/lessonSlice';
import { selectCursor, selectMarkers, selectSnapshot } from '../../store/runSlice';
import { Keycap } from '../../ui/Keycap';
import { Markdown, renderInline } from '../../ui/Markdown';
import { glossaryText } from '../glossary/GlossaryText';
import { AnswerKeys } from './AnswerFirst';
import { LESSON_KEYS } from './lessonKeys';
import { RevealExplanation } from './RevealExplanation';
import { SHORT_WINDOW } from '../../ui/shortWindow';
import { selectSummary } from '../../store/scenarioSlice';
import { useLessonRoom } from './useLessonRoom';

/**
 * A scripted lesson (docs/scenario-format.md §14), one step at a time: what to look at, a paragraph, and a
 * question whose answer is revealed by stepping to the session that proves it. The engine says which
 * choices are right (`SessionView.lessonAnswers`); the explanation is that session's trace.
 */
export function LessonPlayer() {
  return (
    <>
      <LessonSettle />
      <LessonStep />
    </>
  );
}

/**
 * Settles the lesson when a session or the run's length arrives: a step may name a session the background run
 * has not reached yet, or a pair whose trace is on its way. Its own component, so that a new session does not
 * re-render the step's text, question and glossary terms (about 140 components, on every step of a walk and
 * twice while a lesson loads: issue 22 item 6, decision 0373). Before the step in the tree, so its effect still
 * runs before the step's own.
 */
function LessonSettle() {
  const actions = useAppStore(selectActions);
  const snapshot = useAppStore(selectSnapshot);
  const sessionCount = useAppStore(useShallow((s) => selectMarkers(s).length));
  useEffect(() => actions.lessonSettle(), [actions, sessionCount, snapshot]);
  return null;
}

/** The step shown: its text, its question and the buttons. */
function LessonStep() {
  const steps = useAppStore(selectLessonSteps);
  const lesson = useAppStore(selectLesson);
  const actions = useAppStore(selectActions);
  const summary = useAppStore(selectSummary);
  const isRoomTaken = useLessonRoom() !== 'none';

  // The side panel is narrow: a new step starts at its top, a revealed answer scrolls into view. An open
  // question is then brought wholly into view even if the step's paragraph scrolls up for it: in presenter
  // mode on the largest text the choices ran below the pane, and a clicker cannot scroll.
  const top = useRef<HTMLElement>(null);
  const isFirstRender = useRef(true);
  useEffect(() => {
    const question = top.current?.querySelector('[data-testid="lesson-question"]');
    // An open question is in view with its Reveal button: both are what the class and the clicker need.
    const askAndControls = question === null ? null : top.current?.querySelector('[data-lesson-ask]');
    if (isFirstRender.current) {
      // Opening on a question (a link, or presenter mode): its choices in view, the page otherwise as is,
      // once the pane around it has its size (presenter mode lays out its grid in the same frame).
      isFirstRender.current = false;
      if (lesson.revealed || question === null || question === undefined) return undefined;
      const frame = requestAnimationFrame(() =>
        requestAnimationFrame(() => (askAndControls ?? question).scrollIntoView?.({ block: 'nearest' })),
      );
      return () => cancelAnimationFrame(frame);
    }
    if (lesson.revealed) {
      question?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      return undefined;
    }
    // In the frame that first paints the step, not in this effect: a step's commit flushes its effects in the
    // same task (a store update renders synchronously), and scrolling here forced the new step's layout inside it
    // (20-60 ms of a Welcome step's long task); the frame lays it out anyway, once (decision 0350).
    const frame = requestAnimationFrame(() => {
      top.current?.scrollIntoView?.({ block: 'start' });
      (askAndControls ?? question)?.scrollIntoView?.({ block: 'nearest' });
    });
    return () => cancelAnimationFrame(frame);
    // `steps`: a lesson opened from the gallery over another starts at step 1 too (its question was left
    // below the pane: preempt-1 step 1 opened after Welcome).
  }, [lesson.step, lesson.revealed, steps]);

  // The engine's verdict and explanation arrive after the reveal: until then the pane may be too short below
  // the question to scroll it to the top, and a verdict of three lines then ended under the pane (time-aware
  // and kueue-2 at x1.3, decision 0317). Scroll it to the top again once they are there.
  const hasVerdict = lesson.revealed && lesson.answers[lesson.step] !== undefined;
  useEffect(() => {
    if (!hasVerdict) return;
    top.current
      ?.querySelector('[data-testid="lesson-question"]')
      ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [hasVerdict]);

  // The revealed answer grows in more than one render (the verdict, then the lines under it, each laid out
  // after the scroll above was asked for): a scroll asked for while the pane was shorter stops short. Each time
  // the lesson grows after a reveal, its question goes to the top again, until the reader scrolls the pane
  // themselves. At x1.3 with reduced motion sla-1's verdict ended 11 px under the pane: its scroll stopped
  // 221 px short (decision 0371); with motion the smooth scroll had happened to outlast the growth.
  useEffect(() => {
    const el = top.current;
    if (!lesson.revealed || el === null || typeof ResizeObserver === 'undefined') return undefined;
    const pane = el.parentElement?.closest('[tabindex="0"]');
    // Its first call, on `observe`, gives the height at the reveal (no layout forced in the reveal's commit).
    let height: number | null = null;
    const observer = new ResizeObserver((entries) => {
      const now = entries[entries.length - 1]?.contentRect.height ?? 0;
      if (height !== null && now > height + 1)
        el.querySelector('[data-testid="lesson-question"]')?.scrollIntoView?.({
          block: 'start',
          behavior: 'smooth',
        });
      height = now;
    });
    observer.observe(el);
    const stop = () => observer.disconnect();
    pane?.addEventListener('wheel', stop, { passive: true });
    pane?.addEventListener('touchmove', stop, { passive: true });
    return () => {
      observer.disconnect();
      pane?.removeEventListener('wheel', stop);
      pane?.removeEventListener('touchmove', stop);
    };
  }, [lesson.revealed, lesson.step]);

  // A held move says why where the question is: bring the note into view (a clicker cannot scroll).
  useEffect(() => {
    if (lesson.heldAt === null) return;
    top.current
      ?.querySelector('[data-testid="lesson-question.held"]')
      ?.scrollIntoView?.({ block: 'nearest' });
  }, [lesson.heldAt]);
  // While a question is open it stays in view with its Reveal button when what is around it changes size:
  // a pick lengthens the line under the choices, a step's selection opens the details pane below, a text
  // size re-flows the pane (at 1280x720 each pushed Reveal out of the pane; decision 0270).
  const isAsking = steps[lesson.step]?.ask != null && !lesson.revealed;
  useEffect(() => {
    const el = top.current;
    const ask = el?.querySelector('[data-lesson-ask]');
    if (!isAsking || el === null || ask === null || ask === undefined) return undefined;
    if (typeof ResizeObserver === 'undefined') return undefined;
    const keep = () => ask.scrollIntoView?.({ block: 'nearest' });
    const observer = new ResizeObserver(keep);
    observer.observe(el);
    const pane = el.parentElement?.closest('[tabindex="0"]');
    if (pane !== null && pane !== undefined) observer.observe(pane);
    return () => observer.disconnect();
  }, [isAsking, lesson.step, steps]);

  const step = steps[lesson.step];
  if (step === undefined) return null;
  const ask = step.ask;
  const pick = lesson.picks[lesson.step];
  const isQuestionOpen = ask !== null && !lesson.revealed;
  const isLast = lesson.step === steps.length - 1 && !isQuestionOpen;
  // An open question in the room of a larger text size: its one-line status ("Pick an answer, then reveal
  // it.") sits beside Reveal instead of on a line of its own (decision 0332: 25-35 px, what five
  // questions lacked at 1280x720 x1.3).
  const isStatusBesideButtons = isRoomTaken && isQuestionOpen;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target instanceof HTMLElement && event.target.closest('input,textarea,select') !== null) return;
    const key = LESSON_KEYS.find((k) => k.matches(event.key));
    if (key === undefined || !key.run(actions, event.key, ask?.choices.length ?? 0)) return;
    // Consumed: the global shortcuts skip prevented events, so the run does not also step.
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <Box
      ref={top}
      component="section"
      aria-label="Lesson player"
      aria-keyshortcuts="ArrowRight ArrowLeft PageDown PageUp 1 2 3 4"
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="lesson-player"
      sx={{
        outline: 'none',
        borderRadius: 1,
        // Scrolled to, it must clear the side panel's sticky tab bar.
        scrollMarginTop: 64,
        '&:focus-visible': { boxShadow: (t) => `0 0 0 3px ${t.palette.primary.main}` },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
        <Typography
          component="p"
          sx={{ fontWeight: 700, fontSize: (t: Theme) => t.typography.pxToRem(16.8) }}
          data-testid="lesson-player.position"
        >
          Step {lesson.step + 1} of {steps.length}
        </Typography>
        {isRoomTaken && summary !== null && (
          // The lesson's title on the step's line while an open question has the room at a larger text
          // size: one line (whole in its tooltip and in the pane's heading), its own size (decision 0317).
          <Typography
            component="span"
            aria-hidden
            title={summary.name}
            sx={{
              flex: '1 1 0',
              minWidth: 0,
              fontWeight: 700,
              fontSize: (t: Theme) => t.typography.h3.fontSize,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
            }}
            data-testid="lesson-player.title"
          >
            · {summary.name}
          </Typography>
        )}
        {lesson.revealed && ask !== null && (
          <Typography component="span" color="text.secondary">
            · answer, session {ask.revealSession}
          </Typography>
        )}
        {/* The keys on the step's own line: a line of their own under the buttons cost the step 25-50 px
            at 1280x720 (decision 0302). The help dialog lists them too (LESSON_KEYS). */}
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          sx={{ ml: 'auto', whiteSpace: 'nowrap' }}
          data-testid="lesson-player.keys"
          title={`With the lesson focused: ← back, → next${ask !== null && !lesson.revealed ? `, 1–${ask.choices.length} choose` : ''}`}
        >
          <Keycap label="←" /> <Keycap label="→" />
          {ask !== null && !lesson.revealed && (
            <>
              {' '}
              <Keycap label="1" />–<Keycap label={String(ask.choices.length)} />
            </>
          )}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={((lesson.step + (isQuestionOpen ? 0 : 1)) / steps.length) * 100}
        aria-label={`Lesson progress: step ${lesson.step + 1} of ${steps.length}`}
        sx={{ mb: isRoomTaken ? 0.5 : 1, height: 6, borderRadius: 3 }}
      />
      {step.say !== '' && (
        <Box
          data-testid="lesson-player.say"
          sx={{ [SHORT_WINDOW]: { '& p, & li': { lineHeight: 1.4 }, '& p': { mb: 0.75 } } }}
        >
          <Markdown source={step.say} decorate={glossaryText} />
        </Box>
      )}
      {/* The question and the buttons that answer it are scrolled into view together (decision 0270). */}
      {/* A small scroll margin: a taught lesson's pane has no sticky title (decision 0302), and a margin
          counts in the height `nearest` compares with the pane (64 px made a question that fits align its top). */}
      <Box data-lesson-ask="" sx={{ scrollMarginTop: 8 }}>
        {ask !== null && (
          <Question
            step={step}
            stepIndex={lesson.step}
            pick={pick}
            isStatusBesideButtons={isStatusBesideButtons}
          />
        )}
        {lesson.revealed && ask !== null && <RevealExplanation session={ask.revealSession} />}
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'center',
            mt: 1.5,
            [SHORT_WINDOW]: { mt: isRoomTaken ? 0.5 : 1 },
            flexWrap: 'wrap',
          }}
        >
          <Button
            variant="outlined"
            onClick={() => actions.lessonBack()}
            disabled={lesson.step === 0 && !lesson.revealed}
            data-testid="lesson-player.back"
          >
            Back
          </Button>
          <Button
            variant="contained"
            onClick={() => actions.lessonNext()}
            disabled={isLast}
            data-testid="lesson-player.next"
          >
            {isQuestionOpen ? 'Reveal the answer' : isLast ? 'End of lesson' : 'Next'}
          </Button>
          {isStatusBesideButtons && ask !== null && (
            <QuestionStatus
              stepIndex={lesson.step}
              choices={ask.choices}
              revealSession={ask.revealSession}
              pick={pick}
              sx={{ flex: '1 1 0', minWidth: 0, lineHeight: 1.15 }}
            />
          )}
        </Box>
      </Box>
    </Box>
  );
}

function Question({
  step,
  stepIndex,
  pick,
  isStatusBesideButtons,
}: {
  step: LessonStepDto;
  stepIndex: number;
  pick: number | undefined;
  /** The status line is drawn beside Reveal (LessonPlayer) instead of under the choices. */
  isStatusBesideButtons: boolean;
}) {
  const actions = useAppStore(selectActions);
  const revealed = useAppStore((s) => s.lesson.revealed);
  const stored = useAppStore((s) => s.lesson.answers[stepIndex]);
  const heldAt = useAppStore((s) => s.lesson.heldAt);
  const ask = step.ask;
  if (ask === null) return null;
  // The engine's verdict arrives with the reveal session (SessionView.lessonAnswers) and is kept.
  const answers = revealed ? (stored ?? null) : null;
  return (
    <Box
      role="group"
      aria-labelledby={`lesson-question-${stepIndex}`}
      sx={{
        mt: 1,
        p: 1.5,
        // In the room of a larger text size (the status beside Reveal) 4 px less above and under the prompt
        // (decision 0332: the last of what compare-queue step 1 lacked at 1280x720 x1.3).
        [SHORT_WINDOW]: { p: 1, ...(isStatusBesideButtons ? { mt: 0.5 } : {}) },
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 1.5,
        scrollMarginTop: 8,
      }}
      data-testid="lesson-question"
    >
      <Typography
        id={`lesson-question-${stepIndex}`}
        component="h3"
        sx={{
          fontWeight: 700,
          fontSize: (t: Theme) => t.typography.pxToRem(18.4),
          lineHeight: 1.3,
          mb: isStatusBesideButtons ? 0.5 : 1,
        }}
      >
        {renderInline(ask.prompt, glossaryText)}
      </Typography>
      {/* Tight enough that three two-line choices, the line under them and Reveal fit the side pane at
          1280x720 on the largest text size (decision 0270). */}
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        {ask.choices.map((label, i) => {
          const isPicked = pick === i;
          const verdict = answers === null ? null : answers[i] === true;
          return (
            <Button
              key={i}
              variant={isPicked ? 'contained' : 'outlined'}
              color={verdict === null ? 'primary' : verdict ? 'success' : isPicked ? 'error' : 'inherit'}
              aria-pressed={isPicked}
              onClick={() => actions.lessonPick(i)}
              data-testid="lesson-question.choice"
              data-picked={isPicked}
              data-verdict={verdict === null ? 'unknown' : verdict ? 'right' : 'wrong'}
              sx={{
                justifyContent: 'flex-start',
                textAlign: 'left',
                textTransform: 'none',
                fontSize: (t: Theme) => t.typography.pxToRem(16),
                // A button's 1.75 line height left three long choices taller than presenter mode's lesson
                // pane on the largest text size; 1.35 keeps wrapped labels readable and the choices in view.
                lineHeight: 1.35,
                py: 0.5,
                gap: 1,
                // After the reveal the choices are a verdict, not controls: keep them legible.
                ...(verdict === false && !isPicked ? { color: 'text.primary', borderColor: 'divider' } : {}),
              }}
            >
              <Keycap label={String(i + 1)} />
              <Box component="span" sx={{ flex: 1 }}>
                {label}
              </Box>
              {verdict !== null && (
                <Box component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                  {verdict ? '✓ right' : '✗ wrong'}
                </Box>
              )}
            </Button>
          );
        })}
      </Box>
      {heldAt !== null && !revealed && pick === undefined && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="lesson-question.held">
          Answer or reveal first: session {heldAt} is past this question, so the run stays here. To go on,{' '}
          <AnswerKeys choices={ask.choices.length} />. Going back stays free.
        </Alert>
      )}
      {!isStatusBesideButtons && (
        <QuestionStatus
          stepIndex={stepIndex}
          choices={ask.choices}
          revealSession={ask.revealSession}
          pick={pick}
          sx={{ mt: 1 }}
        />
      )}
    </Box>
  );
}

/** The question's status: what to do, the pick, and after the reveal the engine's verdict (read aloud). */
function QuestionStatus({
  stepIndex,
  choices,
  revealSession,
  pick,
  sx,
}: {
  stepIndex: number;
  choices: readonly string[];
  revealSession: number;
  pick: number | undefined;
  /** Where it sits: its own line under the choices, or beside Reveal. */
  sx: { mt?: number; flex?: string; minWidth?: number; lineHeight?: number };
}) {
  const revealed = useAppStore((s) => s.lesson.revealed);
  const cursor = useAppStore(selectCursor);
  const stored = useAppStore((s) => s.lesson.answers[stepIndex]);
  const answers = revealed ? (stored ?? null) : null;
  const rightLabels = answers === null ? [] : choices.filter((_, i) => answers[i] === true);
  return (
    <Typography aria-live="polite" sx={{ fontWeight: 600, ...sx }} data-testid="lesson-question.result">
      {!revealed
        ? pick === undefined
          ? 'Pick an answer, then reveal it.'
          : // One line: the pick is the highlighted choice above; its label again took a second and third
            // line, which pushed Reveal out of the pane at 1280x720 (decisions 0270, 0302).
            `You chose answer ${pick + 1}.`
        : answers === null
          ? cursor === revealSession
            ? `Stepping to session ${revealSession}…`
            : `The answer is shown at session ${revealSession}; you are at session ${cursor}.`
          : pick === undefined
            ? `The answer: ${rightLabels.join(' / ') || 'none of these'}.`
            : answers[pick] === true
              ? `Right: “${choices[pick] ?? ''}”.`
              : `Not this time: the answer is ${rightLabels.map((l) => `“${l}”`).join(' / ') || 'none of these'}.`}
    </Typography>
  );
}
