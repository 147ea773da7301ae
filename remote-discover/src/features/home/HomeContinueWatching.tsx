export { HomeContinueWatching as default } from './HomePages';
