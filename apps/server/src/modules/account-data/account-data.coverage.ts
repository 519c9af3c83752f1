/**
 * Every column that ties a row to a person, and what the reader's export and the deletion of their
 * account do with it. apps/server/test/account-data.test.ts reads the database's own catalogue (the
 * foreign keys to auth_users, every `user_id` column) and fails when a column is missing here, so a
 * new table that holds a reader's data cannot be forgotten by either.
 */
export type Coverage = {
  /** The section of the export file that carries these rows, or null when they are left out. */
  section: string | null;
  /** Why, when the rows are left out or only partly exported. */
  note?: string;
};

export const USER_DATA_COLUMNS: Record<string, Coverage> = {
  'auth_users.id': { section: 'account' },
  'profiles.id': { section: 'profile', note: 'Includes the address, preferences and notification preferences.' },
  'profiles.created_by': {
    section: null,
    note: 'The staff member who created another account: their work, not data about them.',
  },
  'auth_accounts.user_id': {
    section: 'sign_in_methods',
    note: 'Provider and dates only: never the password hash or tokens.',
  },
  'auth_sessions.user_id': { section: 'sessions', note: 'Without the session token.' },
  'revoked_sessions.user_id': { section: 'ended_sessions', note: 'Reason and dates, without the token hash.' },
  'auth_two_factors.user_id': {
    section: 'two_factor',
    note: 'Whether it is on and since when: never the secret or backup codes.',
  },
  'auth_passkeys.user_id': { section: 'passkeys', note: 'Name, device type and date: never the key.' },
  'password_reset_tokens.user_id': { section: null, note: 'Secret single-use links; they go with the account.' },
  'email_tokens.user_id': { section: null, note: 'Secret single-use links; they go with the account.' },
  'user_analytics.user_id': { section: 'analytics' },
  'user_setup_logs.user_id': { section: 'setup_logs' },
  'user_activity_log.user_id': { section: 'activity_log' },
  'admin_audit_log.actor_id': { section: null, note: "A staff member's actions are about other people's records." },
  'admin_audit_log.target_user': { section: 'account_changes', note: 'Without who made the change.' },
  'checkouts.user_id': {
    section: 'loans',
    note: 'With their events and shipping address snapshots. Deletion keeps the loans for the records without identity: the reader becomes null and the address snapshot keeps only the country.',
  },
  'quotes.created_by': { section: 'quotes', note: 'With their status and the review note.' },
  'quotes.reviewed_by': { section: null, note: "A librarian's review of other people's contributions." },
  'quote_saves.user_id': { section: 'saved_quotes', note: 'With the texts of the quotes saved.' },
  'collections.owner_id': { section: 'collections', note: 'With their books in order and the notes on them.' },
  'collections.featured_by': { section: null, note: "A librarian's choice for the home page." },
  'articles.author_id': {
    section: 'articles',
    note: 'The ids, titles, status and dates of the articles they wrote; the texts are the library’s.',
  },
  'study_guides.author_id': { section: null, note: "A librarian's published work, not data about them." },
  'study_guide_follows.user_id': {
    section: 'study_guides_followed',
    note: 'The guides the reader follows, where they left off and when they finished.',
  },
  'study_guide_progress.user_id': { section: 'study_guide_steps_done', note: 'With the guide and book of each step.' },
  'study_circles.host_id': { section: 'study_circles_hosted', note: 'The circles the reader hosts.' },
  'study_circles.created_by': { section: null, note: "A librarian's work: who set the circle up." },
  'circle_members.user_id': {
    section: 'study_circles',
    note: "The reader's circles and places on their waiting lists, with a removal's reason.",
  },
  'circle_posts.author_id': {
    section: 'circle_posts',
    note: "The reader's posts, hidden ones with the host's reason. Deletion keeps them without their author.",
  },
  'circle_posts.hidden_by': { section: null, note: "A host's moderation of other people's posts." },
  'librarian_questions.user_id': {
    section: 'questions',
    note: 'With every message of their threads; who answered is said as the library, not by name.',
  },
  'librarian_questions.assigned_to': { section: null, note: "A librarian's work on other people's questions." },
  'question_messages.author_id': {
    section: 'questions',
    note: "The reader's own messages come with their questions; a librarian's answers to other readers are their work.",
  },
  'faq_entries.published_by': { section: null, note: "A librarian's published work, not data about them." },
  'loan_events.actor_id': {
    section: 'loans',
    note: "The reader's own events come with their loans; who acted is said as reader or library.",
  },
  'holds.user_id': { section: 'waiting_lists' },
  'bookmarks.user_id': { section: 'bookmarks' },
  'user_notifications.user_id': { section: 'notifications' },
  'feedback_reports.user_id': { section: 'feedback' },
  'feedback_reports.handled_by': { section: null, note: "The staff member who handled someone's report." },
  'search_history.user_id': { section: 'search_history' },
  'books.created_by': { section: null, note: 'Catalogue work by staff.' },
  'import_jobs.created_by': { section: null, note: 'Catalogue work by staff.' },
  'client_errors.user_id': { section: 'error_reports' },
  'web_vitals.user_id': { section: 'performance_measurements' },
  'search_events.user_id': { section: 'searches', note: 'Each full search with the results it found (kept 30 days).' },
  'reader_days.user_id': { section: 'active_days', note: 'The days (UTC) the reader used the library.' },
  'source_validation_runs.started_by': {
    section: null,
    note: "An admin's check of the catalogue, not about a reader.",
  },
  // Tied to a person by something other than a user id column:
  'book_views.viewer': { section: 'book_views', note: 'The viewer is the user id for a signed-in reader.' },
  'security_events.identifier': { section: 'security_events', note: 'The identifier is the e-mail address.' },
  'email_outbox.to_address': { section: 'emails', note: 'Subject and dates: the bodies may hold secret links.' },
};

/** Left out of every export, whatever the table: said in the file itself. */
export const NEVER_EXPORTED = [
  'password hash',
  'session tokens',
  'password-reset and e-mail links',
  'two-factor secret and backup codes',
  'passkey public keys',
] as const;
