export { isViewAsMode, VIEW_AS_MESSAGES, VIEW_AS_MODES, viewAsLabel, type ViewAsMode, type ViewAsState } from "./view-as";
