import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { Ref } from 'react';
import type { IssueDto } from '../../protocol/messages';

function issueLocation(issue: IssueDto): string {
  if (issue.line === null) return issue.path || 'scenario';
  return `line ${issue.line}${issue.column === null ? '' : `, column ${issue.column}`}`;
}

/**
 * The editor's list of scenario problems (after Apply, or after Expand workload): each with its line and
 * field path; clicking one selects its line in the text.
 */
export function IssueList({
  issues,
  title,
  onShowLine,
  testId,
  onClose,
  ref,
}: {
  issues: readonly IssueDto[];
  title: string;
  onShowLine(line: number): void;
  testId: string;
  onClose?: () => void;
  /** The editor scrolls the list into view after a failed Apply. */
  ref?: Ref<HTMLDivElement>;
}) {
  return (
    <Alert
      ref={ref}
      severity="error"
      icon={false}
      data-testid={testId}
      onClose={onClose}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="body1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <List dense disablePadding>
        {issues.map((issue, i) => (
          <ListItemButton
            key={i}
            data-testid="editor.issue"
            disabled={issue.line === null}
            onClick={() => issue.line !== null && onShowLine(issue.line)}
            sx={{ borderRadius: 1, alignItems: 'flex-start' }}
          >
            <ListItemText
              primary={
                <>
                  <b>{issueLocation(issue)}</b> ·{' '}
                  {/* A syntax issue has no field path: no empty "· :" before its message. */}
                  {issue.path === '' ? null : (
                    <>
                      <code>{issue.path}</code>:{' '}
                    </>
                  )}
                  {issue.message}
                </>
              }
              secondary={issue.hint}
            />
          </ListItemButton>
        ))}
      </List>
    </Alert>
  );
}
