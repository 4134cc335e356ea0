import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertRule } from '@taktwerk/common';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Table, type TableColumn } from '../../ui/Table';
import { RULE_STATE_TONES, ruleCondition, SEVERITY_TONES } from './labels';

interface RuleTableProps {
  rules: readonly AlertRule[];
  canWrite: boolean;
  empty: ReactNode;
  onEdit: (rule: AlertRule) => void;
  onToggle: (rule: AlertRule, enabled: boolean) => void;
  onDelete: (rule: AlertRule) => void;
}

/** The rules table (spec part 1 §2): owners toggle, edit and delete in place; members read. */
export function RuleTable({ rules, canWrite, empty, onEdit, onToggle, onDelete }: RuleTableProps) {
  const { t, i18n } = useTranslation();
  const columns: TableColumn<AlertRule>[] = [
    {
      id: 'name',
      header: t('alerts.rules.name'),
      cell: (rule) => (
        <span className="alert-rule-name">
          <strong>{rule.name}</strong>
          {rule.description && <span className="alert-rule-description">{rule.description}</span>}
          {/* Phones show no condition and state columns: the name carries them. */}
          <span className="alert-rule-compact">
            <span className="alert-rule-description">{ruleCondition(rule, t, i18n.language)}</span>
            <Badge tone={RULE_STATE_TONES[rule.state]}>{t(`alerts.ruleStates.${rule.state}`)}</Badge>
          </span>
        </span>
      ),
    },
    {
      id: 'machine',
      header: t('alerts.rules.machine'),
      hideOnMobile: true,
      cell: (rule) => (
        <span className="alert-rule-source">
          {rule.machineName}
          <code>{rule.expression.tag}</code>
        </span>
      ),
    },
    {
      id: 'condition',
      header: t('alerts.rules.condition'),
      hideOnMobile: true,
      cell: (rule) => (
        <span className="alert-rule-condition">
          <span>{ruleCondition(rule, t, i18n.language)}</span>
          <span className="alert-rule-meta">
            {t(`alerts.types.${rule.ruleType}`)} · {t('alerts.rules.cooldown', { minutes: rule.cooldownMinutes })}
          </span>
        </span>
      ),
    },
    {
      id: 'severity',
      header: t('alerts.rules.severity'),
      hideOnMobile: true,
      cell: (rule) => <Badge tone={SEVERITY_TONES[rule.severity]}>{t(`alerts.severity.${rule.severity}`)}</Badge>,
    },
    {
      id: 'state',
      header: t('alerts.rules.state'),
      hideOnMobile: true,
      cell: (rule) => <Badge tone={RULE_STATE_TONES[rule.state]}>{t(`alerts.ruleStates.${rule.state}`)}</Badge>,
    },
    {
      id: 'channels',
      header: t('alerts.rules.channels'),
      hideOnMobile: true,
      cell: (rule) => {
        const enabled = rule.channels.filter((c) => c.enabled);
        if (enabled.length === 0) return <span className="alert-muted">{t('alerts.rules.noChannels')}</span>;
        return (
          <span className="alert-chips">
            {enabled.map((c, index) => (
              <Badge key={index}>{t(`alerts.channels.${c.type}`)}</Badge>
            ))}
          </span>
        );
      },
    },
    {
      id: 'enabled',
      header: t('alerts.rules.enabled'),
      cell: (rule) =>
        canWrite ? (
          <input
            type="checkbox"
            role="switch"
            className="alert-switch"
            checked={rule.enabled}
            aria-label={t('alerts.rules.toggleLabel', { name: rule.name })}
            onChange={(e) => onToggle(rule, e.target.checked)}
          />
        ) : (
          <span className={rule.enabled ? undefined : 'alert-muted'}>{rule.enabled ? t('alerts.rules.on') : t('alerts.rules.off')}</span>
        ),
    },
  ];
  if (canWrite)
    columns.push({
      id: 'actions',
      header: <span className="visually-hidden">{t('alerts.rules.actions')}</span>,
      align: 'end',
      cell: (rule) => (
        <span className="alert-row-actions">
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<Icon name="pencil" />}
            aria-label={t('alerts.rules.editLabel', { name: rule.name })}
            title={t('alerts.rules.edit')}
            onClick={() => onEdit(rule)}
          />
          <Button
            size="sm"
            variant="ghost"
            iconOnly
            icon={<Icon name="trash" />}
            aria-label={t('alerts.rules.deleteLabel', { name: rule.name })}
            title={t('alerts.rules.delete')}
            onClick={() => onDelete(rule)}
          />
        </span>
      ),
    });
  return <Table columns={columns} rows={rules} rowKey={(rule) => rule.id} caption={t('alerts.rules.caption')} empty={empty} />;
}
