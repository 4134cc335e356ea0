import { ChangePasswordCard } from './ChangePasswordCard';
import { TwoFactorCard } from './TwoFactorCard';

export function SecurityTab() {
  return (
    <div className="settings-stack">
      <ChangePasswordCard />
      <TwoFactorCard />
    </div>
  );
}
