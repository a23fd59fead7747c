/**
 * The `app` namespace: shell strings (menu, header, shared pages, toasts, dialogs, PWA prompt). Menu labels of
 * every spec route live here so feature routes can point `staticData.menu.labelKey` at 'app:menu.<name>'.
 */
export const appI18n = {
  'en-us': {
    appName: 'ASTRO Companion',
    versionLog: 'version {{version}}',
    menu: {
      navigation: 'Navigation',
      home: 'Home',
      astro: 'ASTRO',
      sessions: 'Sessions',
      library: 'Library',
      map: 'Map',
      analysis: 'Analysis',
      circuits: 'Circuits',
      leaderboards: 'Leaderboards',
      about: 'About',
      admin: 'Admin',
      profile: 'Profile',
    },
    header: {
      home: 'ASTRO Companion home',
      toggleTheme: 'Toggle light or dark theme',
      openMenu: 'Open menu',
      profile: 'Profile',
      logout: 'Logout',
      login: 'Login',
      locale: 'Language',
      offline: 'Offline',
    },
    locales: { 'en-us': 'English (US)', 'pt-pt': 'Português (Portugal)' },
    toast: { success: 'Success', error: 'Error', close: 'Close' },
    confirm: { title: 'Confirmation', message: 'Do you want to delete {{value}}?', cancel: 'Cancel', delete: 'Delete' },
    notFound: { title: 'Page Not Found', message: 'The page you are looking for does not exist.', home: 'Go to Homepage' },
    unauthorized: { title: 'Unauthorized', message: 'You do not have permission to access this page.', home: 'Go to Homepage' },
    pwa: { newVersion: 'New version available', reload: 'Reload', later: 'Later', offlineReady: 'ASTRO Companion is ready to work offline.' },
    loading: 'Loading…',
  },
  'pt-pt': {
    appName: 'ASTRO Companion',
    versionLog: 'versão {{version}}',
    menu: {
      navigation: 'Navegação',
      home: 'Início',
      astro: 'ASTRO',
      sessions: 'Sessões',
      library: 'Biblioteca',
      map: 'Mapa',
      analysis: 'Análise',
      circuits: 'Circuitos',
      leaderboards: 'Classificações',
      about: 'Sobre',
      admin: 'Administração',
      profile: 'Perfil',
    },
    header: {
      home: 'Início do ASTRO Companion',
      toggleTheme: 'Alternar tema claro ou escuro',
      openMenu: 'Abrir menu',
      profile: 'Perfil',
      logout: 'Terminar sessão',
      login: 'Iniciar sessão',
      locale: 'Idioma',
      offline: 'Sem ligação',
    },
    locales: { 'en-us': 'English (US)', 'pt-pt': 'Português (Portugal)' },
    toast: { success: 'Sucesso', error: 'Erro', close: 'Fechar' },
    confirm: { title: 'Confirmação', message: 'Pretende eliminar {{value}}?', cancel: 'Cancelar', delete: 'Eliminar' },
    notFound: { title: 'Página não encontrada', message: 'A página que procura não existe.', home: 'Ir para a página inicial' },
    unauthorized: { title: 'Sem autorização', message: 'Não tem permissão para aceder a esta página.', home: 'Ir para a página inicial' },
    pwa: { newVersion: 'Nova versão disponível', reload: 'Recarregar', later: 'Mais tarde', offlineReady: 'O ASTRO Companion está pronto a funcionar sem ligação.' },
    loading: 'A carregar…',
  },
};

/**
 * The `messages` namespace: spec messages (toasts, server errors) keyed by their exact English text, so a
 * message from the server can be translated with `translateMessage(text)`. Keys are flat (no separators).
 */
export const messagesI18n = {
  'en-us': {} as Record<string, string>,
  'pt-pt': {
    'Login successful': 'Sessão iniciada com sucesso',
    'Login failed': 'Falha ao iniciar sessão',
    'Not Found': 'Não encontrado',
    'No message available': 'Nenhuma mensagem disponível',
    'No results found.': 'Nenhum resultado encontrado.',
    'Failed to connect.': 'Falha ao ligar.',
    'Invalid email or password': 'Email ou palavra-passe inválidos',
    'Invalid email or password.': 'Email ou palavra-passe inválidos.',
    'Please verify your email before logging in.': 'Verifique o seu email antes de iniciar sessão.',
    'Too many requests, please try again later.': 'Demasiados pedidos, tente novamente mais tarde.',
    'Internal Server Error': 'Erro interno do servidor',
    'Network error': 'Erro de rede',
    'You are offline.': 'Está sem ligação.',
  } as Record<string, string>,
};
