/** The browser-test stack's fixed ports (global-setup starts it; the guards' samples point at its SMTP sink and control port). */
export const E2E = { gatewayPort: 18080, portOffset: 10000, smtpPort: 12525, mailHttpPort: 18025, controlPort: 18099, whatsappPort: 18026 };
