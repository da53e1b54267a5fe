/**
 * A stand-in XMLHttpRequest, for tests of uploads with progress: it reports progress, then answers as
 * told (the next answer first). `hold()` keeps the answers back, so a test can see the progress, play
 * more of it through the last upload (`upload.onprogress`, `upload.onload`) or, never letting them
 * go, play a stalled connection.
 */
export class FakeUpload {
  static answer: { status: number; body: unknown } = { status: 201, body: null };
  static answers: { status: number; body: unknown }[] = [];
  /** The answer waits for this after the progress report, so a test can see the progress. */
  static held: Promise<void> = Promise.resolve();
  static sent: { headers: Record<string, string>; body: FormData }[] = [];
  /** The last upload sent, so a test can play its progress. */
  static last: FakeUpload | null = null;
  /** Forgets what was sent; uploads are answered at once again. */
  static reset() {
    FakeUpload.last = null;
    FakeUpload.sent = [];
    FakeUpload.answers = [];
    FakeUpload.held = Promise.resolve();
  }
  /** Holds the answers of uploads after their progress report; the function returned lets them go. */
  static hold(): () => void {
    let release!: () => void;
    FakeUpload.held = new Promise((resolve) => {
      release = resolve;
    });
    return release;
  }
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onprogress: (() => void) | null = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  /** Set by `abort()`: an aborted upload gets no answer. */
  aborted = false;
  status = 0;
  statusText = '';
  response: unknown = null;
  responseType = '';
  headers: Record<string, string> = {};
  open() {}
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData) {
    FakeUpload.sent.push({ headers: this.headers, body });
    FakeUpload.last = this;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
      void FakeUpload.held.then(() => {
        if (this.aborted) return;
        const answer = FakeUpload.answers.shift() ?? FakeUpload.answer;
        this.status = answer.status;
        this.response = JSON.stringify(answer.body);
        this.onload?.();
      });
    }, 5);
  }
}
