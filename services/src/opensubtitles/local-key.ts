/** The API key a local run (npm start, e2e) gives the player for the OpenSubtitles stand-in. Not a secret: it opens only the stand-in. */
export const LOCAL_OPENSUBTITLES_API_KEY = 'movie-web-local-opensubtitles-key';
