"""Whole games over the network: a host on localhost, clients played by bots that see only what the
host sends them (their seat's view and legal commands), and host bots for some seats. The host's
game must end exactly as a local game with the same seed and commands (the state hash), and every
client must be told that hash when the game is over."""
from __future__ import annotations

import asyncio

import pytest

from engine.legendary.campaign.play import new_campaign
from engine.legendary.campaign.play import play as campaign_setup
from engine.legendary.carddb import load_db
from engine.legendary.game import LegendaryGame
from engine.net.rulesets import GameOptions, new_game, seat_count
from tests.net.netplay import close_all, local_game, open_seats, play_out, seat_clients, start_host

GAMES = [
    pytest.param(GameOptions("legendary", players=2, seed=3, film="the_matrix"), id="legendary-the_matrix"),
    pytest.param(GameOptions("legendary", players=2, seed=4, film="reloaded", bots={1: "heuristic"}),
                 id="legendary-reloaded"),
    pytest.param(GameOptions("legendary", players=3, seed=5, film="revolutions"), id="legendary-revolutions"),
    pytest.param(GameOptions("legendary", players=4, seed=6, traitor="ignorance_is_bliss",
                             bots={3: "heuristic"}), id="legendary-ignorance_is_bliss"),
    pytest.param(GameOptions("legendary", players=3, seed=7, traitor="me_me_me", bots={0: "random"}),
                 id="legendary-me_me_me"),
    pytest.param(GameOptions("replay", seed=8), id="replay"),
    pytest.param(GameOptions("replay", seed=9, bots={1: "heuristic"}), id="replay-machines-bot"),
    pytest.param(GameOptions("expedition", players=3, seed=10, bots={1: "heuristic"}), id="expedition"),
]


@pytest.mark.parametrize("opts", GAMES)
def test_a_whole_game_played_through_the_host_ends_as_the_same_game_played_locally(opts: GameOptions) -> None:
    async def scenario() -> tuple[object, list]:
        game = new_game(opts)
        host = await start_host(game, bots=opts.bots)
        clients = await seat_clients(host, open_seats(opts, game))
        finals = await play_out(clients, seed=opts.seed)
        await close_all(host, clients)
        return game, finals

    game, finals = asyncio.run(scenario())
    assert game.over  # type: ignore[attr-defined]
    local = local_game(opts, game.commands)  # type: ignore[attr-defined]
    assert local.state_hash() == game.state_hash()  # type: ignore[attr-defined]
    assert [f.hash if f else None for f in finals] == [local.state_hash()] * len(finals)


def test_a_campaign_game_is_hosted_like_any_other() -> None:
    db = load_db([])
    campaign = new_campaign(db, ["neo", "morpheus"], seed=12)
    setup = campaign_setup(campaign)

    async def scenario() -> LegendaryGame:
        game = LegendaryGame.new(setup, db)
        host = await start_host(game)
        clients = await seat_clients(host, seat_count(game))
        await play_out(clients, seed=12)
        await close_all(host, clients)
        return game

    game = asyncio.run(scenario())
    assert game.over and game.setup.campaign
    local = LegendaryGame.new(setup, db)
    for line in game.commands:
        assert local.apply(line).accepted
    assert local.state_hash() == game.state_hash()
