import type { ReactElement } from 'react';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AccountTree from '@mui/icons-material/AccountTree';
import AddCircle from '@mui/icons-material/AddCircle';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import Computer from '@mui/icons-material/Computer';
import Dashboard from '@mui/icons-material/Dashboard';
import Email from '@mui/icons-material/Email';
import EventNote from '@mui/icons-material/EventNote';
import EventRepeat from '@mui/icons-material/EventRepeat';
import FactCheck from '@mui/icons-material/FactCheck';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import People from '@mui/icons-material/People';
import PlayCircle from '@mui/icons-material/PlayCircle';
import Schedule from '@mui/icons-material/Schedule';
import SmartToy from '@mui/icons-material/SmartToy';
import ViewList from '@mui/icons-material/ViewList';

/** One icon per key of the domain's MENU: the collapsed sidebar shows icons only. */
export const MENU_ICONS: Record<string, ReactElement> = {
  dashboard: <Dashboard />,
  agents: <Computer />,
  process: <AccountTree />,
  currentStatus: <PlayCircle />,
  historyLogs: <History />,
  scheduling: <Schedule />,
  scheduledPlans: <EventNote />,
  scheduledHistory: <EventRepeat />,
  bots: <SmartToy />,
  createBots: <AddCircle />,
  viewBots: <ViewList />,
  manageUsers: <ManageAccounts />,
  companies: <Business />,
  users: <People />,
  groups: <Groups />,
  auditLog: <FactCheck />,
  userProfile: <AccountCircle />,
  userDetails: <Badge />,
  emailConfigurations: <Email />,
};
