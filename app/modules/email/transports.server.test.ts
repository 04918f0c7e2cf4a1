import { describe, expect, it } from "vitest";
import { classifySmtpError, PermanentRejection } from "./transports.server";

const smtpError = (response: string | undefined, command: string) =>
  Object.assign(new Error("smtp"), { response, responseCode: response ? Number(response.slice(0, 3)) : undefined, command });

describe("classifySmtpError", () => {
  it("makes a 5xx to RCPT TO a permanent rejection that suppresses the address", () => {
    const result = classifySmtpError(smtpError("550 5.1.1 Mailbox unavailable", "RCPT TO"));
    expect(result).toBeInstanceOf(PermanentRejection);
    expect(result).toMatchObject({ responseCode: 550, suppress: true, message: "Rejected for good: 550 5.1.1 Mailbox unavailable" });
  });

  it("bounces a policy refusal (5.7.x) or a refused message body without suppressing the address", () => {
    expect(classifySmtpError(smtpError("550 5.7.1 Relaying denied", "RCPT TO"))).toMatchObject({ suppress: false, responseCode: 550 });
    expect(classifySmtpError(smtpError("554 5.6.0 Message rejected", "DATA"))).toMatchObject({ suppress: false, responseCode: 554 });
  });

  it("leaves temporary refusals, our own sender's set-up and network errors retryable", () => {
    for (const error of [
      smtpError("451 4.2.0 Mailbox busy", "RCPT TO"),
      smtpError("530 5.7.0 Authentication required", "MAIL FROM"),
      smtpError("535 5.7.8 Bad credentials", "AUTH PLAIN"),
      smtpError(undefined, "CONN"),
    ])
      expect(classifySmtpError(error)).toBe(error);
  });
});
