import { useEffect, useId, useRef, useState } from "react";
import { NavLink, useLocation, useNavigate } from "react-router-dom";
import { useAuth } from "../features/auth/AuthProvider";
import styles from "./Header.module.css";

type Item = { to: string; label: string };

/** The fixed header: navigation by session and role, the account menu and the mobile menu. */
export function Header() {
  const { status, user, logout } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // A menu stays open only on the page it was opened on: any navigation closes both.
  const [menu, setMenu] = useState<{ which: "account" | "mobile"; path: string } | null>(null);
  const openMenu = menu?.path === location.pathname ? menu.which : null;
  const setOpenMenu = (which: "account" | "mobile" | null) =>
    setMenu(which ? { which, path: location.pathname } : null);
  const accountRef = useRef<HTMLDivElement>(null);
  const accountButtonRef = useRef<HTMLButtonElement>(null);
  const mobileButtonRef = useRef<HTMLButtonElement>(null);
  const accountMenuId = useId();
  const mobileMenuId = useId();
  const signedIn = status === "authenticated" && user !== null;

  // Escape closes the open menu and returns focus to its button; a click elsewhere closes the account menu.
  useEffect(() => {
    if (!openMenu) {
      return;
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        const button = openMenu === "account" ? accountButtonRef.current : mobileButtonRef.current;
        setMenu(null);
        button?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (openMenu === "account" && !accountRef.current?.contains(event.target as Node)) {
        setMenu(null);
      }
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [openMenu]);

  const items: Item[] = signedIn
    ? [
        { to: "/", label: "Home" },
        { to: "/about", label: "About" },
        { to: "/books", label: "Books" },
        { to: "/dashboard", label: "Dashboard" },
        ...(user.role === "admin" ? [{ to: "/admin", label: "Admin" }] : []),
        ...(user.role === "teacher" ? [{ to: "/teacher/dashboard", label: "Teacher" }] : []),
      ]
    : [
        { to: "/", label: "Home" },
        { to: "/about", label: "About" },
        { to: "/login", label: "Login" },
        { to: "/register", label: "Register" },
      ];

  const signOut = () => {
    try {
      logout({ signedOut: true });
      void navigate("/");
    } catch (error) {
      console.error("Logout failed", error);
    }
  };

  const links = (onClick?: () => void) =>
    items.map((item) => (
      <li key={item.to}>
        <NavLink
          to={item.to}
          end={item.to === "/"}
          className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
          onClick={onClick}
        >
          {item.label}
        </NavLink>
      </li>
    ));

  const accountLabel = user?.displayName || "Account";

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <NavLink to="/" className={styles.brand} aria-label="Reading Room home">
          <svg aria-hidden="true" viewBox="0 0 64 64" width="28" height="28">
            <path
              d="M14 18c7-3 13-3 18 1v30c-5-4-11-4-18-1zM50 18c-7-3-13-3-18 1v30c5-4 11-4 18-1z"
              fill="currentColor"
            />
          </svg>
          <span>Reading Room</span>
        </NavLink>

        <nav aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.list}>{links()}</ul>
        </nav>

        {signedIn ? (
          <div className={styles.account} ref={accountRef}>
            <button
              ref={accountButtonRef}
              type="button"
              className={styles.accountButton}
              aria-haspopup="true"
              aria-expanded={openMenu === "account"}
              aria-controls={accountMenuId}
              onClick={() => setOpenMenu(openMenu === "account" ? null : "account")}
            >
              <span className={styles.avatar} aria-hidden="true">
                {accountLabel.slice(0, 1).toUpperCase()}
              </span>
              <span className={styles.accountName}>{accountLabel}</span>
            </button>
            {openMenu === "account" ? (
              <div id={accountMenuId} className={styles.accountMenu}>
                <p className={styles.menuName}>{user.displayName || "User"}</p>
                <p className={styles.menuEmail}>{user.email}</p>
                <p>
                  <span className={`${styles.badge} ${styles[`badge_${user.role}`]}`}>{user.role}</span>
                </p>
                <button type="button" className={styles.signOut} onClick={signOut}>
                  Sign out
                </button>
              </div>
            ) : null}
          </div>
        ) : null}

        <button
          ref={mobileButtonRef}
          type="button"
          className={styles.menuToggle}
          aria-expanded={openMenu === "mobile"}
          aria-controls={mobileMenuId}
          onClick={() => setOpenMenu(openMenu === "mobile" ? null : "mobile")}
        >
          <span className="visually-hidden">{openMenu === "mobile" ? "Close menu" : "Open menu"}</span>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
            {openMenu === "mobile" ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </div>

      {openMenu === "mobile" ? (
        <nav id={mobileMenuId} aria-label="Mobile" className={styles.mobileNav}>
          <ul className={styles.mobileList}>{links(() => setOpenMenu(null))}</ul>
        </nav>
      ) : null}
    </header>
  );
}
