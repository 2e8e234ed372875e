/**
 * POST /api/contact. Resolves on success; otherwise throws an EnquiryError
 * carrying the field problems and form-level code the server answered
 * (unknown codes read as UNSPECIFIED), or a NetworkError when there was no
 * answer at all.
 */
import type { EnquiryField } from '../../domain/contact-enquiry';
import { fieldErrorCode, formErrorCode, type FieldProblem, type FormErrorCode } from '../../domain/form-fields';
import { apiUrl, NetworkError, writeDeadline } from '../../lib/api-client';

export type EnquiryBody = Record<EnquiryField, string> & { _gotcha: string };

export class EnquiryError extends Error {
  constructor(
    message: string,
    readonly formCode: FormErrorCode | null,
    readonly problems: FieldProblem<EnquiryField>[],
  ) {
    super(message);
    this.name = 'EnquiryError';
  }
}

interface ErrorAnswer {
  error?: unknown;
  message?: unknown;
  issues?: { path?: unknown; code?: unknown; message?: unknown }[];
}

export async function sendEnquiry(body: EnquiryBody): Promise<void> {
  let response: Response;
  try {
    response = await fetch(apiUrl('/contact'), {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: writeDeadline(),
    });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => ({}))) as ErrorAnswer;
  const problems = (answer.issues ?? []).map((issue) => ({
    path: String(issue.path) as EnquiryField,
    code: fieldErrorCode(issue.code),
    message: typeof issue.message === 'string' ? issue.message : 'is not valid.',
  }));
  const formCode = answer.error === 'validation_failed' ? null : formErrorCode(answer.error);
  const message =
    typeof answer.message === 'string' && answer.message ? answer.message : 'Your enquiry could not be sent. Please try again.';
  throw new EnquiryError(message, formCode, problems);
}
