/**
 * Sends a form with XMLHttpRequest, the one browser API that reports upload progress
 * (fetch does not), and answers the status and JSON body. The session cookie goes with it
 * (same origin), as with every call the UI makes to /api.
 */
export interface UploadAnswer {
  status: number;
  body: { key?: string; message?: string; code?: string; params?: Readonly<Record<string, string | number>>; errors?: Record<string, string> } | null;
}

export function uploadWithProgress(url: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: UploadAnswer["body"] = null;
      try {
        body = JSON.parse(xhr.responseText) as UploadAnswer["body"];
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    // A dropped connection is an answer too: status 0, no body.
    xhr.onerror = () => resolve({ status: 0, body: null });
    xhr.send(form);
  });
}
