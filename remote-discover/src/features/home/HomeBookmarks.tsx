export { HomeBookmarks as default } from './HomePages';
