import { vi } from 'vitest';

/** A request the page made to a signed URL, answered by the test. */
export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Reports upload progress of `loaded` out of `total` bytes. */
  progress(loaded: number, total: number): void;
  respond(status: number, body?: unknown): void;
}

/**
 * Replaces XMLHttpRequest (the signed-URL module's transport) for one test: every request sent lands in the
 * returned list, unanswered until the test responds.
 */
export function stubXhr(): FakeRequest[] {
  const requests: FakeRequest[] = [];
  class FakeXhr {
    status = 0;
    responseType = '';
    response: unknown = null;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    private request = { method: '', url: '', headers: {} as Record<string, string> };
    open(method: string, url: string) {
      this.request = { method, url, headers: {} };
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      requests.push({
        ...this.request,
        body,
        progress: (loaded, total) => this.upload.onprogress?.({ lengthComputable: true, loaded, total }),
        respond: (status, responseBody) => {
          this.status = status;
          this.response = responseBody ?? null;
          this.responseText = typeof responseBody === 'string' ? responseBody : '';
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}
