/** What other features may use of the client directory. */
export { ClientPicker } from './components/client-picker';
