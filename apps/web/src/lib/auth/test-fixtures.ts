import type { Profile } from '@maktaba/shared/schemas/profile';
import type { ServerAuthState } from './auth-types';

/** A complete patron profile; override what a test is about. */
export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '0b7f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70',
    email: 'reader@example.org',
    display_name: 'Zahra Haidari',
    role: 'patron',
    status: 'active',
    avatar_key: null,
    avatar_url: null,
    biography: null,
    phone_number: '+12025550143',
    borrowing_limit: 3,
    creation_source: 'self_registration',
    created_by: null,
    created_at: '2025-01-20T00:00:00.000Z',
    updated_at: '2025-01-20T00:00:00.000Z',
    last_activity_at: null,
    address_line_1: '1 Library Way',
    address_line_2: null,
    city: 'Dearborn',
    state_province: 'MI',
    postal_code: '48126',
    country: 'United States',
    address_verified: false,
    address_updated_at: null,
    registration_completed: true,
    registration_complete: true,
    interests: [],
    favorite_genres: [],
    preferred_language: null,
    theme: null,
    style: null,
    notification_preferences: {},
    ...overrides,
  };
}

export function makeAuth(profile: Profile | null = makeProfile()): ServerAuthState {
  return {
    user: {
      id: '0b7f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70',
      email: 'reader@example.org',
      name: 'Zahra',
      emailVerified: false,
      provider: 'credential',
    },
    session: { id: 'session-1', createdAt: '2029-12-01T00:00:00.000Z', expiresAt: '2030-01-01T00:00:00.000Z' },
    profile,
  };
}
