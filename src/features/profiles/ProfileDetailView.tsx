/**
 * Renders a profile-owned trace detail (`Verdict.profileDetail`) through the renderer its profile
 * registered for the detail's type (architecture.md: shared panels never switch on plugin or profile
 * names; a new plugin's explanation is a new renderer in features/profiles/<name>/ and one map entry).
 */
import Typography from '@mui/material/Typography';
import type { ProfileDetail } from '../../engine/model/trace';
import { detailRenderer } from './detailRenderers';

export function ProfileDetailView({ detail }: { detail: ProfileDetail }) {
  const Renderer = detailRenderer(detail);
  if (Renderer === null) {
    // A detail with no renderer still says what it is, so nothing recorded is silently dropped.
    return (
      <Typography variant="body2" color="text.secondary" data-testid="profile-detail.unknown">
        ({detail.profile} {detail.type} detail)
      </Typography>
    );
  }
  return <Renderer detail={detail} />;
}
