/**
 * The settings page's way to the instance page, for the instance owner only (the dashboard's
 * menu stays the same for everyone).
 */
import { ButtonLink, Card } from '../ui/index.js';

/** A card linking to /instance. */
export function InstanceOwnerCard() {
  return (
    <Card
      title="This Junction"
      description="You own this Junction: choose who may sign up, and see every account and workspace."
    >
      <ButtonLink to="/instance" variant="secondary">
        Open instance settings
      </ButtonLink>
    </Card>
  );
}
