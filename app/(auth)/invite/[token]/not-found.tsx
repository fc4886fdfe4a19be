import { InviteProblem } from '@/components/invites/invite-problem';

export default function InviteNotFound() {
  return <InviteProblem message="This invite link is not valid. Check that you copied all of it." />;
}
