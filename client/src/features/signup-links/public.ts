/** What other features may use of signup links and client accounts. */
export { ClientPicker } from './components/client-picker';
