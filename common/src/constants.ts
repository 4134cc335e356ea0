// Constants and defaults from the product spec (part 1 §9, part 2 §9). Exact values are requirements.

export const ROLES = ['admin', 'customer_owner', 'customer_user'] as const;
export type Role = (typeof ROLES)[number];

export const BILLING_STATUSES = ['active', 'trialing', 'past_due', 'canceled'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DATE_FORMATS = ['MM/DD/YYYY', 'DD.MM.YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const API_KEY_SCOPES = ['ingest:write', 'machine:read', 'machine:write', 'data:read', 'alert:read', 'alert:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const MACHINE_STATUSES = ['online', 'offline', 'error', 'connecting'] as const;
export type MachineStatus = (typeof MACHINE_STATUSES)[number];

export const TAG_DATA_TYPES = ['Double', 'Int32', 'Boolean', 'String'] as const;
export type TagDataType = (typeof TAG_DATA_TYPES)[number];
export const AGGREGATIONS = ['avg', 'min', 'max', 'sum', 'count'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Tag config defaults (part 2 §3, §9) and the sample interval minimum of part 2 §5. */
export const TAG_DEFAULTS = { sampleIntervalMs: 1000, sendIntervalMs: 5000, aggregation: 'avg', dataType: 'Double' } as const;
export const MIN_SAMPLE_INTERVAL_MS = 100;
/** The machine card shows this many enabled tags, then '+N more tags' (part 1 §2). */
export const MACHINE_CARD_TAGS = 3;

/** Agent protocols and defaults of the agent configuration screen (part 2 §9). */
export const AGENT_PROTOCOLS = [
  'opcua',
  'modbus_rtu',
  'profinet_profibus',
  'zigbee_zwave',
  'snmp',
  'ipmi',
  'serial',
  'custom_python',
] as const;
export type AgentProtocol = (typeof AGENT_PROTOCOLS)[number];
export const AGENT_DEFAULTS = {
  protocol: 'opcua',
  endpoint: 'opc.tcp://localhost:4840',
  sendIntervalMs: 5000,
  bufferSize: 100,
  apiTimeoutSeconds: 30,
} as const;
export const AGENT_CONNECTION_STATUSES = ['connected', 'error', 'disconnected'] as const;
export type AgentConnectionStatus = (typeof AGENT_CONNECTION_STATUSES)[number];

/** Opaque credentials: a type prefix plus random base62 characters (part 1 §9; SECURITY.md item 7: ≥ 128 bits). */
export const MACHINE_TOKEN_FORMAT = { prefix: 'twm_', randomLength: 32 } as const;
export const API_KEY_FORMAT = { prefix: 'twk_', randomLength: 40 } as const;
/** Path of the ingest endpoint below the deployment's origin. */
export const INGEST_PATH = '/api/v1/ingest';

export const DEFAULT_RATE_LIMITS = { ingestPerMinute: 1000, apiCallsPerMinute: 100, loginAttemptsPerHour: 5 };
export const DEFAULT_FEATURES = {
  registrationEnabled: true,
  trialDays: 14,
  maxTrialMachines: 3,
  emailVerificationRequired: false,
  twoFactorRequired: false,
  maintenanceMode: false,
};
export const DEFAULT_INTEGRATIONS = {
  stripeEnabled: false,
  stripePublicKey: '',
  paypalEnabled: false,
  paypalClientId: '',
  yearlyDiscountPercent: 10,
  emailProvider: 'sendgrid',
  smtpPort: 587,
  storageProvider: 's3',
};
export const DEFAULT_SECURITY = {
  sessionTimeoutMinutes: 30,
  passwordMinLength: 8,
  requireSpecialChars: true,
  maxLoginAttempts: 3,
  jwtExpirationHours: 24,
};
export const DEFAULT_SEO = { title: 'Taktwerk', description: '', keywords: [] as string[], faviconUrl: '' };

export const DEFAULT_SYSTEM_CONFIG = {
  rate_limits: DEFAULT_RATE_LIMITS,
  features: DEFAULT_FEATURES,
  integrations: DEFAULT_INTEGRATIONS,
  security: DEFAULT_SECURITY,
  translations: { en: {}, de: {} } as Record<string, Record<string, string>>,
  seo: DEFAULT_SEO,
};
export type SystemConfigKey = keyof typeof DEFAULT_SYSTEM_CONFIG;

/** Limits of a new organization on the starter plan, and of any organization whose plan is unknown. */
export const DEFAULT_USAGE_LIMITS = {
  machines: 1,
  tags: 100,
  ingestPointsPerDay: 10000,
  retentionDays: 30,
  dashboards: 5,
  alerts: 10,
  teamUsers: 2,
};
export type UsageLimits = typeof DEFAULT_USAGE_LIMITS;

export const STARTER_PLAN = {
  id: 'starter',
  name: 'Starter',
  nameEn: 'Starter',
  price: 0,
  currency: 'USD',
  interval: 'month',
  features: {
    machineLimit: DEFAULT_USAGE_LIMITS.machines,
    tagLimit: DEFAULT_USAGE_LIMITS.tags,
    ingestPointsPerDay: DEFAULT_USAGE_LIMITS.ingestPointsPerDay,
    retentionDays: DEFAULT_USAGE_LIMITS.retentionDays,
    dashboardsLimit: DEFAULT_USAGE_LIMITS.dashboards,
    alertsLimit: DEFAULT_USAGE_LIMITS.alerts,
    teamUsersLimit: DEFAULT_USAGE_LIMITS.teamUsers,
    emailNotifications: true,
    webhookNotifications: false,
    apiAccess: true,
    ssoEnabled: false,
    prioritySupport: false,
    maintenanceEnabled: false,
  },
} as const;

export const DEFAULT_PREFERENCES = {
  theme: 'light' as Theme,
  language: 'en' as Language,
  timezone: 'UTC',
  dateFormat: 'MM/DD/YYYY' as DateFormat,
  emailAlerts: true,
  webhookAlerts: false,
  maintenanceNotifications: true,
  marketingEmails: false,
  weeklyReports: true,
  sessionTimeoutMinutes: 30,
  loginNotifications: true,
  analyticsTracking: false,
  errorReporting: true,
};

/** Permissions of a new sign-up (customer owner) and of invited members (spec part 1 §6, part 2 §6). */
export const OWNER_PERMISSIONS = ['org:*', 'machine:*', 'alert:*', 'dashboard:*'];
export const MEMBER_PERMISSIONS = ['machine:read', 'dashboard:read', 'alert:read'];

/** Redis channel on which the api announces ended sessions as {"sessionIds": [...]}; live sockets of those close. */
export const SESSIONS_REVOKED_CHANNEL = 'taktwerk:sessions:revoked';

export const ONLINE_THRESHOLD_MS = 5 * 60 * 1000;
export const TOAST_DURATION_MS = 5000;
export const MIN_SESSION_TIMEOUT_MINUTES = 5;
/** Upper bound of the session timeout preference (one week); the spec only fixes the minimum. */
export const MAX_SESSION_TIMEOUT_MINUTES = 7 * 24 * 60;
export const PASSWORD_RESET_VALIDITY_MS = 60 * 60 * 1000;
/** How long the pending second step of a sign-in stays open after a correct password. */
export const TWO_FACTOR_CHALLENGE_VALIDITY_MS = 5 * 60 * 1000;
/** Self-service password changes need at least this many characters, more if the security config says so. */
export const SELF_SERVICE_PASSWORD_MIN_LENGTH = 8;
/** One of these is required in a password when security.requireSpecialChars is on (spec part 1 §5). */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const TOTP = { stepSeconds: 30, digits: 6, window: 1, secretBytes: 20 } as const;
export const SEARCH = { minChars: 2, perKind: 5, total: 10, debounceMs: 300 } as const;
export const NOTIFICATIONS_LIST = 10;
export const RECENT_ACTIVITY_ITEMS = 5;
export const ALERT_EVENTS_CAP = 50;

/** Chart time ranges (spec part 1 §9 dashboard and analytics, part 2 §9 charts) and their defaults. */
export const DASHBOARD_RANGES = ['30d', '14d', '7d', '48h', '24h', '6h', '1h', '10m', '1m'] as const;
export const DEFAULT_DASHBOARD_RANGE = '1h';
export const ANALYTICS_RANGES = ['1h', '24h', '7d', '30d'] as const;
export const DEFAULT_ANALYTICS_RANGE = '24h';
export const CHART_RANGES = ['1m', '10m', '1h', '6h', '24h', '7d', '30d'] as const;
export const DEFAULT_CHART_RANGE = '1h';
/** An empty chart range widens to these, in order (part 2 §9). */
export const CHART_WIDENING = ['48h', '7d'] as const;

/** Data explorer (part 2 §5, §9): aggregations, intervals and defaults; the range defaults to the last 24 hours. */
export const EXPLORER_AGGREGATIONS = ['avg', 'min', 'max', 'sum', 'count'] as const;
export const EXPLORER_INTERVALS = ['1m', '5m', '15m', '1h', '6h', '1d'] as const;
export const EXPLORER_DEFAULTS = { aggregation: 'avg', interval: '1h', limit: 1000 } as const;
export const EXPLORER_MIN_LIMIT = 10;
export const EXPLORER_LIMIT_STEP = 10;
