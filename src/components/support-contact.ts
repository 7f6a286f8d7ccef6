// The service's contact (README: Running, VITE_SUPPORT_EMAIL): Profile's mail and feedback, and the login's
// "forgot password" (the administrators of the service answer there; there is no self-service reset).
export const SUPPORT_EMAIL: string = import.meta.env.VITE_SUPPORT_EMAIL || 'support@orchard-survey.example';
