import type { ReactElement } from 'react';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AccountTree from '@mui/icons-material/AccountTree';
import AddCircle from '@mui/icons-material/AddCircle';
import Article from '@mui/icons-material/Article';
import Badge from '@mui/icons-material/Badge';
import Business from '@mui/icons-material/Business';
import Category from '@mui/icons-material/Category';
import Computer from '@mui/icons-material/Computer';
import Dashboard from '@mui/icons-material/Dashboard';
import Description from '@mui/icons-material/Description';
import Email from '@mui/icons-material/Email';
import Event from '@mui/icons-material/Event';
import EventNote from '@mui/icons-material/EventNote';
import EventRepeat from '@mui/icons-material/EventRepeat';
import FactCheck from '@mui/icons-material/FactCheck';
import Folder from '@mui/icons-material/Folder';
import Groups from '@mui/icons-material/Groups';
import History from '@mui/icons-material/History';
import Inventory from '@mui/icons-material/Inventory';
import Key from '@mui/icons-material/Key';
import Label from '@mui/icons-material/Label';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import People from '@mui/icons-material/People';
import PlayCircle from '@mui/icons-material/PlayCircle';
import Receipt from '@mui/icons-material/Receipt';
import Schedule from '@mui/icons-material/Schedule';
import Settings from '@mui/icons-material/Settings';
import SmartToy from '@mui/icons-material/SmartToy';
import Storage from '@mui/icons-material/Storage';
import TableRows from '@mui/icons-material/TableRows';
import ViewList from '@mui/icons-material/ViewList';
import Work from '@mui/icons-material/Work';
import type { MenuIcon } from '../../domain';

/** The one place the domain's icon names become MUI icons: the collapsed sidebar shows icons only. */
const MENU_ICONS: Record<MenuIcon, ReactElement> = {
  dashboard: <Dashboard />,
  computer: <Computer />,
  accountTree: <AccountTree />,
  playCircle: <PlayCircle />,
  history: <History />,
  schedule: <Schedule />,
  eventNote: <EventNote />,
  eventRepeat: <EventRepeat />,
  smartToy: <SmartToy />,
  addCircle: <AddCircle />,
  viewList: <ViewList />,
  manageAccounts: <ManageAccounts />,
  business: <Business />,
  people: <People />,
  groups: <Groups />,
  factCheck: <FactCheck />,
  accountCircle: <AccountCircle />,
  badge: <Badge />,
  email: <Email />,
  article: <Article />,
  category: <Category />,
  description: <Description />,
  event: <Event />,
  folder: <Folder />,
  inventory: <Inventory />,
  key: <Key />,
  label: <Label />,
  receipt: <Receipt />,
  settings: <Settings />,
  storage: <Storage />,
  work: <Work />,
};

/** An entry that names no icon (a new resource's) gets a table's: it opens a list. */
const DEFAULT_ICON = <TableRows />;

export const menuIconOf = (name: MenuIcon | undefined): ReactElement => (name ? MENU_ICONS[name] : DEFAULT_ICON);
