import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useT } from '../../i18n';

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
  start(): void;
  stop(): void;
}
type RecognitionConstructor = new () => SpeechRecognitionLike;

function recognitionClass(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as Record<string, RecognitionConstructor | undefined>;
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

const unchanging = () => () => undefined;

/** Voice search (Web Speech API): on by default, hidden where the browser lacks it (spec section 2). */
export function VoiceSearchButton({ onResult }: { onResult: (text: string) => void }) {
  const t = useT();
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  // None while the server renders, so the hydrated page matches its markup; the browser's then.
  const Recognition = useSyncExternalStore(unchanging, recognitionClass, () => null);

  useEffect(() => () => recognition.current?.stop(), []);
  if (!Recognition) return null;

  const toggle = () => {
    if (listening) {
      recognition.current?.stop();
      return;
    }
    const r = new Recognition();
    r.lang = document.documentElement.lang || 'en-US';
    r.interimResults = false;
    r.onresult = (e) => {
      const text = e.results[0]?.[0]?.transcript;
      if (text) onResult(text);
    };
    r.onend = () => setListening(false);
    r.onerror = () => setListening(false);
    recognition.current = r;
    setListening(true);
    r.start();
  };

  return (
    <button
      type="button"
      className={`search__voice${listening ? ' is-listening' : ''}`}
      aria-label={listening ? t('search.voiceStop') : t('search.voice')}
      aria-pressed={listening}
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
        <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
