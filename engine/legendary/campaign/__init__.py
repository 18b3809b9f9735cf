"""Campaigns (LE-CAMPAIGN): three games in a row with the same team, scars that never heal, a Time
Track that shrinks with every friend lost, and retries after a defeat.

The public API for the app and the command line:

- ``new_campaign`` (film or custom), ``campaign_of`` (which campaign, game and try a game's setup
  belongs to, e.g. for Continue), ``play`` (the setup of the game to play now: the first try, the
  try in progress, or a retry), ``outcome_of`` + ``record`` (a finished game moves the campaign on,
  or leaves the same game to retry), ``give_up``;
- ``CampaignStore`` (list, create, load, save the files under the user data folder) and
  ``read_campaign`` / ``CampaignFileError`` for one file.
"""
from __future__ import annotations

from engine.legendary.campaign.carryover import (
    avatar_for,
    next_start_time,
    prep_turns_next,
    scars_gained,
)
from engine.legendary.campaign.catalog import Catalog, catalog, check_custom, custom_problems
from engine.legendary.campaign.model import (
    GAMES,
    Campaign,
    CampaignId,
    Character,
    FilmPlan,
    Game,
    Outcome,
    Try,
)
from engine.legendary.campaign.play import (
    CampaignError,
    Carried,
    campaign_of,
    default_name,
    film_plans,
    give_up,
    new_campaign,
    outcome_of,
    play,
    record,
    setup_of,
)
from engine.legendary.campaign.store import CampaignFileError, CampaignStore, Listed, read_campaign

__all__ = [
    "GAMES", "Campaign", "CampaignError", "CampaignFileError", "CampaignId", "CampaignStore",
    "Carried", "Catalog", "Character", "FilmPlan", "Game", "Listed", "Outcome", "Try",
    "avatar_for", "campaign_of", "catalog", "check_custom", "custom_problems", "default_name",
    "film_plans", "give_up", "new_campaign", "next_start_time", "outcome_of", "play",
    "prep_turns_next", "read_campaign", "record", "scars_gained", "setup_of",
]
