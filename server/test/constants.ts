export const ownerUsername = 'owner';
export const ownerPassword = 'owner-password-1';
export const testSecret = 'test-signing-secret-that-is-long-enough';
