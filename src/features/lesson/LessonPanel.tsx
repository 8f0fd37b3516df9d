import type { Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary, selectWarnings } from '../../store/scenarioSlice';
import { selectIsQuestionAsked } from '../../store/lessonSlice';
import { Disclosure } from '../../ui/Disclosure';
import { Markdown } from '../../ui/Markdown';
import { glossaryText } from '../glossary/GlossaryText';
import { LessonPlayer } from './LessonPlayer';
import { SHORT_WINDOW } from '../../ui/shortWindow';
import { VISUALLY_HIDDEN } from '../../ui/visuallyHidden';
import { useLessonRoom } from './useLessonRoom';
import { formatSpan } from '../format/formatTime';
import { nounFor, plural } from '../../common/plural';

/**
 * The loaded scenario's lesson: the scripted player when the scenario has `lesson` steps, else its description
 * (markdown rendered as React text, never HTML), with glossary terms explained; and its warnings.
 */
export function LessonPanel() {
  const summary = useAppStore(selectSummary);
  const warnings = useAppStore(selectWarnings);
  const isRoomTaken = useLessonRoom() !== 'none';
  // "About this scenario" steps aside for an open question only: on a long step it stays where a person
  // may open it (decision 0332).
  const isAsked = useAppStore(selectIsQuestionAsked);
  const isQuestionRoom = isRoomTaken && isAsked;
  if (summary === null) {
    return <Typography color="text.secondary">No scenario is loaded yet.</Typography>;
  }
  return (
    <Box data-testid="lesson">
      <Typography
        variant="h2"
        component="h2"
        // In a short window the title is one step smaller (still above the body text): room for the step.
        sx={
          // An open question at a larger text size: the title is drawn on the step's line (LessonPlayer),
          // one line, and the step has its room; the heading stays for screen readers (decision 0317).
          isRoomTaken
            ? VISUALLY_HIDDEN
            : { mb: 0.5, [SHORT_WINDOW]: { fontSize: (t: Theme) => t.typography.h3.fontSize } }
        }
        data-testid="lesson.title"
      >
        {summary.name}
      </Typography>
      {/* A taught lesson keeps these facts under "About this scenario": at 1280x720 their two lines were
          room the step's text and question needed (decision 0302). */}
      {summary.lesson.length === 0 && <ScenarioFacts />}
      {summary.lesson.length > 0 ? (
        <>
          {/* Not while an open question needs the room at a larger text size (decision 0317): the steps
              around it and the revealed answer show it again. */}
          {!isQuestionRoom && (
            <Disclosure summary="About this scenario" testId="lesson.about">
              {() => (
                <>
                  <ScenarioFacts />
                  <Markdown source={summary.description} decorate={glossaryText} />
                </>
              )}
            </Disclosure>
          )}
          <LessonPlayer />
        </>
      ) : summary.description.trim() === '' ? (
        <Typography color="text.secondary">This scenario has no description.</Typography>
      ) : (
        <Markdown source={summary.description} decorate={glossaryText} />
      )}
      {warnings.length > 0 && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {warnings.map((w, i) => (
            <div key={i}>{w.text}</div>
          ))}
        </Alert>
      )}
    </Box>
  );
}

/** The loaded scenario's profile, size, period and actions, in one line. */
function ScenarioFacts() {
  const summary = useAppStore(selectSummary);
  if (summary === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="lesson.facts">
      {summary.profile} profile · {plural(summary.nodeCount, 'node')} · {plural(summary.queueCount, 'queue')}{' '}
      · {plural(summary.jobCount, 'job')} · a session every {formatSpan(summary.schedulePeriodMs)}
      {/* A profile without an actions list (Kueue) names none rather than an empty "· actions". */}
      {summary.actions.length > 0 &&
        ` · ${nounFor(summary.actions.length, 'action')} ${summary.actions.join(', ')}`}
    </Typography>
  );
}
