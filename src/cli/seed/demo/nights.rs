//! The demo's three club nights and the open fourth week, played move by move with
//! every die entered.

use super::*;

/// Three club nights, each closed, then a fourth week left open with a game rolled.
pub(super) async fn play(d: &Demo, conn: &mut AsyncPgConnection) -> Result<(), String> {
    use Assignment::{Mission, Sweep};
    use Role::{Observer, Pilot};

    // Week 1: quiet front; the Allies observe the HQ, the Central side sweeps.
    let (game, missions) = d
        .game(
            conn,
            [3, 4],
            [
                (
                    Side::Allied,
                    &[2],
                    "RAF RE8",
                    "Albert Ball",
                    Some("Tom Mottershead"),
                ),
                (Side::Central, &[9], "Albatros D-III", "Werner Voss", None),
            ],
        )
        .await?;
    let sorties = vec![
        d.sortie(
            "a1",
            "RAF RE8",
            Mission,
            20,
            false,
            d.pair("Albert Ball", "Tom Mottershead"),
        )?,
        d.sortie(
            "a2",
            "SPAD VII",
            Sweep,
            20,
            false,
            vec![d.scored("Mick Mannock", 2)],
        )?,
        d.sortie(
            "a3",
            "Nieuport 17",
            Sweep,
            20,
            false,
            vec![d.scored("Georges Guynemer", 1)],
        )?,
        d.sortie(
            "c1",
            "Albatros D-III",
            Mission,
            20,
            false,
            vec![d.scored("Werner Voss", 3)],
        )?,
        d.sortie(
            "c2",
            "Albatros D-III",
            Mission,
            12,
            true,
            vec![d.flew("Kurt Wolff", Pilot)],
        )?,
    ];
    let request = DebriefRequest {
        turns_played: 20,
        enemy_left_board_on_turn: LeftBoard::default(),
        sorties,
        kills: vec![d.kill("c2", &["Mick Mannock", "Georges Guynemer"])],
        missions: vec![MissionFacts {
            mission_id: missions[0],
            landed_safely: true,
            target_observed: true,
            ..MissionFacts::default()
        }],
    };
    d.close_night(conn, game, request).await?;

    // Week 2: a major Allied attack; the Allies scramble, the Central side strafes.
    let (game, missions) = d
        .game(
            conn,
            [6, 6],
            [
                (Side::Allied, &[10], "SPAD VII", "Mick Mannock", None),
                (
                    Side::Central,
                    &[7],
                    "Albatros C-III",
                    "Godwin Brumowski",
                    Some("Julius Arigi"),
                ),
            ],
        )
        .await?;
    let sorties = vec![
        d.sortie(
            "a1",
            "SPAD VII",
            Mission,
            18,
            false,
            vec![d.scored("Mick Mannock", 4)],
        )?,
        d.sortie(
            "a2",
            "Nieuport 17",
            Mission,
            18,
            false,
            vec![d.flew("Charles Nungesser", Pilot)],
        )?,
        d.sortie(
            "c1",
            "Albatros C-III",
            Mission,
            15,
            false,
            vec![
                d.flew("Godwin Brumowski", Pilot),
                CrewReport {
                    wound_boxes: 1,
                    outcome: Some(Outcome::MinorInjury),
                    dice: Some(CrewDice {
                        injury: Some(vec![2]),
                        capture: None,
                    }),
                    ..d.flew("Julius Arigi", Observer)
                },
            ],
        )?,
        d.sortie(
            "c2",
            "Albatros D-III",
            Sweep,
            15,
            true,
            vec![CrewReport {
                wound_boxes: 2,
                outcome: Some(Outcome::SeriousInjury),
                dice: Some(CrewDice {
                    injury: Some(vec![2, 5, 6]),
                    capture: None,
                }),
                ..d.flew("Kurt Wolff", Pilot)
            }],
        )?,
    ];
    let request = DebriefRequest {
        turns_played: 18,
        enemy_left_board_on_turn: LeftBoard {
            allied: None,
            central: Some(15),
        },
        sorties,
        kills: vec![d.kill("c2", &["Mick Mannock"])],
        missions: vec![MissionFacts {
            mission_id: missions[1],
            landed_safely: true,
            hexes_strafed: 6,
            ..MissionFacts::default()
        }],
    };
    d.close_night(conn, game, request).await?;

    // Week 3: a major Central attack; artillery spotting against a sweep.
    let (game, missions) = d
        .game(
            conn,
            [1, 1],
            [
                (
                    Side::Allied,
                    &[6, 3],
                    "RAF RE8",
                    "Albert Ball",
                    Some("Jean Chaput"),
                ),
                (Side::Central, &[9], "Albatros D-III", "Werner Voss", None),
            ],
        )
        .await?;
    let sorties = vec![
        d.sortie(
            "a1",
            "RAF RE8",
            Mission,
            22,
            false,
            d.pair("Albert Ball", "Jean Chaput"),
        )?,
        d.sortie(
            "a2",
            "SPAD VII",
            Sweep,
            9,
            true,
            vec![CrewReport {
                outcome: Some(Outcome::Captured),
                dice: Some(CrewDice {
                    injury: None,
                    capture: Some(vec![3, 5]),
                }),
                ..d.flew("Georges Guynemer", Pilot)
            }],
        )?,
        d.sortie(
            "c1",
            "Albatros D-III",
            Mission,
            22,
            false,
            vec![d.scored("Werner Voss", 5)],
        )?,
        d.sortie(
            "c2",
            "Albatros D-III",
            Mission,
            22,
            false,
            vec![d.scored("Frank Linke-Crawford", 1)],
        )?,
    ];
    let request = DebriefRequest {
        turns_played: 22,
        enemy_left_board_on_turn: LeftBoard::default(),
        sorties,
        kills: vec![d.kill("a2", &["Werner Voss"])],
        missions: vec![MissionFacts {
            mission_id: missions[0],
            trips: 3,
            ..MissionFacts::default()
        }],
    };
    d.close_night(conn, game, request).await?;

    // Week 4 stays open: tonight's game is rolled and its mission aircraft declared
    // into the line-up as assigned (R16: the assignment alone makes no sortie),
    // waiting for play and its debrief.
    let (game, _) = d
        .game(
            conn,
            [5, 6],
            [
                (
                    Side::Allied,
                    &[4],
                    "Sopwith 1 1/2 Strutter",
                    "Mick Mannock",
                    Some("Tom Mottershead"),
                ),
                (Side::Central, &[8], "Albatros D-III", "Werner Voss", None),
            ],
        )
        .await?;
    d.declare(
        conn,
        game,
        "Sopwith 1 1/2 Strutter",
        "Mick Mannock",
        Some("Tom Mottershead"),
    )
    .await?;
    d.declare(conn, game, "Albatros D-III", "Werner Voss", None)
        .await?;
    Ok(())
}
