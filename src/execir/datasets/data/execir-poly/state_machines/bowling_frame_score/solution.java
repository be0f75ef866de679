public class Main {
    static int roll(int[] rolls, int i) {
        return i < rolls.length ? rolls[i] : 0;
    }

    static int bowlingScore(int[] rolls) {
        int total = 0, i = 0;
        for (int frame = 0; frame < 10 && i < rolls.length; frame++) {
            if (rolls[i] == 10) {
                total += 10 + roll(rolls, i + 1) + roll(rolls, i + 2);
                i += 1;
            } else if (roll(rolls, i) + roll(rolls, i + 1) == 10) {
                total += 10 + roll(rolls, i + 2);
                i += 2;
            } else {
                total += roll(rolls, i) + roll(rolls, i + 1);
                i += 2;
            }
        }
        return total;
    }

    public static void main(String[] args) throws Exception {
        String text = new String(System.in.readAllBytes()).trim();
        String[] tok = text.isEmpty() ? new String[0] : text.split("\\s+");
        int[] rolls = new int[tok.length];
        for (int i = 0; i < tok.length; i++) rolls[i] = Integer.parseInt(tok[i]);
        System.out.println(bowlingScore(rolls));
    }
}
