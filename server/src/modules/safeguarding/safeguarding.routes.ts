import { Router } from "express";
import { requireActor } from "../../http/rest-kit.js";
import type { Services } from "../../services.js";
import { exportQuery, parseInput } from "./safeguarding.input.js";

// GET /api/safeguarding/alerts.csv?schoolId&from&to: the school's safeguarding events as CSV, for its
// own safeguarding system (a teacher: their school; an admin: schoolId's, or every school). A download,
// so REST; everything else of safeguarding goes through GraphQL.
export function safeguardingRoutes(services: Services): Router {
  const router = Router();

  router.get("/safeguarding/alerts.csv", async (req, res) => {
    const actor = requireActor(res);
    const query = parseInput(exportQuery, {
      schoolId: req.query.schoolId,
      from: req.query.from,
      to: req.query.to,
    });
    const { filename, csv } = await services.safeguarding.exportCsv({ actor, query });
    res
      .status(200)
      .type("text/csv; charset=utf-8")
      .set({
        "Content-Disposition": `attachment; filename="${filename}"`,
        // The children's words: never kept by a browser or a proxy.
        "Cache-Control": "no-store",
      })
      .send(csv);
  });

  return router;
}
