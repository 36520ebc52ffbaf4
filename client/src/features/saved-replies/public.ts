/** What other features may use of saved replies: the Settings card and the reply box's picker. */
export { SavedRepliesCard } from './components/saved-replies-card';
export { SavedReplyPicker } from './components/saved-reply-picker';
