public class Main {
    static int[] session(int[] coins, int price) {
        int credit = 0, items = 0, rejected = 0;
        for (int coin : coins) {
            if (coin != 5 && coin != 10 && coin != 25) {
                rejected += coin;
                continue;
            }
            credit += coin;
            if (credit >= price) {
                items++;
                credit -= price;
            }
        }
        return new int[] {items, credit, rejected};
    }

    public static void main(String[] args) throws Exception {
        String[] tok = new String(System.in.readAllBytes()).trim().split("\\s+");
        int price = Integer.parseInt(tok[0]);
        int[] coins = new int[tok.length - 1];
        for (int i = 1; i < tok.length; i++) coins[i - 1] = Integer.parseInt(tok[i]);
        int[] r = session(coins, price);
        System.out.println(r[0] + " " + r[1] + " " + r[2]);
    }
}
