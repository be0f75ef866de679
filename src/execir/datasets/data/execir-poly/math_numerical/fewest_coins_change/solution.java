import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.util.Arrays;

public class Main {
    static int fewestCoins(int[] coins, int amount) {
        int[] best = new int[amount + 1];
        Arrays.fill(best, -1);
        best[0] = 0;
        for (int total = 1; total <= amount; total++) {
            for (int coin : coins) {
                if (coin <= total && best[total - coin] >= 0) {
                    int candidate = best[total - coin] + 1;
                    if (best[total] < 0 || candidate < best[total]) best[total] = candidate;
                }
            }
        }
        return best[amount];
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int[] coins = Arrays.stream(in.readLine().trim().split("\\s+"))
            .mapToInt(Integer::parseInt).toArray();
        StringBuilder out = new StringBuilder();
        String line;
        while ((line = in.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) continue;
            int count = fewestCoins(coins, Integer.parseInt(line));
            out.append(count < 0 ? "impossible" : String.valueOf(count)).append("\n");
        }
        System.out.print(out);
    }
}
