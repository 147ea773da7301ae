/**
 * One term per concept per language, across the five translation folders (the host's and each
 * remote's). `glossary.test.ts` holds every translation to it:
 * - every key listed under a concept contains the language's term (a regular expression, matched
 *   without regard to case, so an inflected or prefixed form still counts);
 * - no text of the language contains one of the concept's `avoid` words (the other names it had);
 * - a key of one concept does not use the term of a concept it must be told apart from (`distinct`).
 * Keys are written `namespace:path`; the namespace is `host` or the remote's name.
 */
import type { Language } from 'shared-contracts';

export interface Concept {
  /** What the term names, in English, so that two concepts are told apart. */
  meaning: string;
  /** Keys whose text names the concept. */
  keys: readonly string[];
  /** The term in each language, as a regular expression source. */
  terms: Partial<Record<Language, string>>;
  /** Other names of the concept that no text of the language may use. */
  avoid?: Partial<Record<Language, readonly string[]>>;
  /** Concepts whose terms the keys of this one must not use. */
  distinct?: readonly string[];
}

export const GLOSSARY: Record<string, Concept> = {
  show: {
    meaning: 'a TV show, as a type of title beside a movie',
    keys: ['host:media.types.show', 'discover:card.types.show'],
    terms: { en: 'show', zh: '剧集', he: 'סדרה', ar: 'مسلسل', de: 'Serie', fr: 'Série', ja: '番組' },
  },
  episodes: {
    meaning: "the list of a show's episodes",
    keys: ['player:controls.episodes', 'player:episodes.title', 'discover:details.episodes'],
    terms: { en: 'episodes', zh: '选集', he: 'פרקים', ar: 'الحلقات', de: 'Folgen', fr: 'Épisodes', ja: 'エピソード' },
    distinct: ['show'],
  },
  pause: {
    meaning: 'pausing playback',
    keys: ['player:controls.pause'],
    terms: { en: 'pause', he: 'השהיה', ar: 'إيقاف مؤقت', zh: '暂停', ja: '一時停止' },
  },
  captionDelay: {
    meaning: 'how far subtitles are shifted in time',
    keys: ['player:menus.captions.delay', 'player:captions.delayIndicator'],
    terms: { en: 'delay', he: 'עיכוב', ar: 'تأخير', zh: '延迟', ja: '遅延', de: 'Verzögerung', fr: 'Décalage' },
    distinct: ['pause'],
  },
  seekBar: {
    meaning: "the slider that moves through the video's time",
    keys: ['player:controls.seek', 'settings:preferences.thumbnailsHint'],
    terms: {
      en: 'seek',
      es: 'barra de progreso',
      it: 'barra di avanzamento',
      nl: 'tijdbalk',
      'pt-BR': 'barra de progresso',
      fr: 'barre de progression',
      de: 'Zeitleiste',
      he: 'סרגל ההתקדמות',
      ar: 'شريط التقدّم',
      ja: 'シークバー',
      zh: '进度条',
      pl: 'pas\\w* przewijania',
      tr: '(İ|i)lerleme çubu',
    },
    distinct: ['search'],
  },
  search: {
    meaning: 'searching the catalog',
    keys: ['host:home.search.label', 'player:wayOut.search'],
    terms: { es: 'busca', it: 'cerca', nl: 'zoek', 'pt-BR': 'busca|pesquis', fr: 'recherch' },
  },
  cast: {
    meaning: 'sending playback to a TV or speaker (Chromecast, Remote Playback)',
    keys: ['player:controls.cast', 'player:controls.stopCasting', 'player:casting.active', 'player:casting.activeOn'],
    terms: { en: 'cast', ar: 'إرسال', he: 'העברה|מעביר', 'pt-BR': 'transmit', tr: 'yayın', fr: 'diffus', zh: '投射', ja: 'キャスト' },
    distinct: ['stream'],
  },
  stream: {
    meaning: 'a playable video found by a source',
    keys: [
      'player:scraping.errors.no-stream',
      'player:notFound.title',
      'player:notFound.failedTitle',
      'player:menus.source.noStream',
      'player:autoplay.skipped',
      'player:autoplay.stopped',
      'account:onboarding.start.extensionHint',
      'account:onboarding.extension.description',
    ],
    terms: { en: 'stream', ar: 'بث', he: 'שידור', 'pt-BR': 'stream', tr: 'akış' },
    avoid: { 'pt-BR': ['transmissão', 'transmissões'], he: ['זרם', 'זרמים', 'הזרמים'] },
  },
  passphrase: {
    meaning: 'the twelve words that are an account',
    keys: [
      'host:about.a2',
      'account:login.passphrase',
      'account:login.description',
      'account:register.passphrase.title',
      'account:register.passphrase.copy',
      'account:register.confirm.title',
      'account:errors.passphrase-invalid',
    ],
    terms: {
      en: 'passphrase',
      es: 'frase de acceso',
      it: 'passphrase',
      nl: 'wachtwoordzin',
      pl: 'hasł\\w*-fraz',
      'pt-BR': 'frase-senha',
      zh: '助记口令',
      he: 'משפט (ה)?סיסמה',
    },
    avoid: {
      es: ['frase de contraseña'],
      it: ['frase segreta'],
      nl: ['wachtzin'],
      pl: ['frazy dostępu', 'fraza dostępu'],
      'pt-BR': ['frase secreta'],
      zh: ['密码短语'],
      he: ['ביטוי סיסמה'],
    },
  },
  bookmarks: {
    meaning: 'titles the person keeps to find again',
    keys: [
      'host:home.bookmarks.sectionTitle',
      'discover:card.addBookmark',
      'discover:card.removeBookmark',
      'discover:home.editBookmarks',
      'account:login.description',
    ],
    terms: { en: 'bookmark', it: 'preferit', ar: 'المفضلة', zh: '收藏' },
    avoid: { it: ['segnalibr'], ar: ['المحفوظات', 'الإشارات المرجعية', 'إشارة مرجعية', 'إشاراتك المرجعية'], zh: ['书签'] },
  },
  proxyWorker: {
    meaning: 'a proxy server that fetches streams for the player',
    keys: ['settings:connections.workers', 'settings:connections.workersHint', 'settings:dev.noWorkersConfigured', 'host:support.tip2'],
    terms: { en: 'proxy worker', he: 'שרת(י)? (ה)?פרוקסי', tr: 'proxy sunucu', ar: 'خادم وكيل|خوادم وكيل|خوادم الوكيل|خادم الوكيل' },
    avoid: {
      he: ['עובדי', 'הוספת עובד', 'proxy worker'],
      tr: ['proxy çalışan', 'çalışan ekle', 'özel çalışan', 'proxy worker'],
      ar: ['عمّال', 'عامل الوكيل'],
    },
  },
  opacity: {
    meaning: 'how opaque the subtitle background is',
    keys: ['player:menus.captions.background', 'settings:subtitles.backgroundOpacity'],
    terms: { ar: 'عتامة', he: 'אטימות' },
    avoid: { ar: ['شفافية'] },
  },
  humanCheck: {
    meaning: 'the check that the visitor is a person, not a bot',
    keys: ['player:turnstile.verifyingHumanity', 'player:turnstile.error'],
    terms: { de: 'Mensch', nl: 'mens' },
    avoid: { de: ['Menschlichkeit'], nl: ['Menselijkheid'] },
  },
};

/**
 * How each language addresses the person, once chosen: patterns of the other register, which no text
 * of the language may contain.
 */
export const REGISTER: Partial<Record<Language, { rule: string; avoid: string }>> = {
  // Turkish speaks to the person as "siz"; buttons keep the short imperative ("Tekrar dene").
  tr: {
    rule: 'siz, not sen, in sentences',
    avoid:
      '\\b(sen|senin|seni|sana|sende|musun|misin|müsün)\\b|bilirsin\\b|\\b(dene|et|gir|seç|sakla|yenile|kur|kullan|bekle|yaz|taşı|indir)[.!](\\s|$)',
  },
  // Hebrew speaks to the person in the plural, which reads the same to everyone.
  he: {
    rule: 'plural address (שלכם, נסו), not singular',
    avoid: '(^|[\\s־(])(שלך|לך|אותך|לדעתך|נסה|פנה|שנה משהו|צפה|הזן|בחר|לחץ)(?=[\\s.,!?:]|$)',
  },
  // Polish writes "ty" forms in lower case, as in the rest of the interface ("cię", "twoje").
  pl: {
    rule: 'no capitalised "Ty" forms inside a sentence',
    avoid: '(?<![.!?:]\\s)(?<!^)\\b(Ty|Ciebie|Cię|Ci|Tobie|Twój|Twoja|Twoje|Twojego|Twojej|Twoim|Twoją|Twoich|Twoimi)\\b',
  },
};
