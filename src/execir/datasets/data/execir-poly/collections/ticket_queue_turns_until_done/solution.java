import java.util.ArrayDeque;

public class Main {
    static int turnsUntilDone(int[] tickets, int k) {
        if (k < 0 || k >= tickets.length) return -1;
        ArrayDeque<int[]> queue = new ArrayDeque<>();
        for (int i = 0; i < tickets.length; i++) queue.addLast(new int[] {i, tickets[i]});
        int time = 0;
        while (!queue.isEmpty()) {
            int[] front = queue.pollFirst();
            time++;
            if (front[1] == 1) {
                if (front[0] == k) return time;
            } else {
                queue.addLast(new int[] {front[0], front[1] - 1});
            }
        }
        return time;
    }

    public static void main(String[] args) throws Exception {
        String[] t = new String(System.in.readAllBytes()).trim().split("\\s+");
        int n = Integer.parseInt(t[0]), k = Integer.parseInt(t[1]);
        int[] tickets = new int[n];
        for (int i = 0; i < n; i++) tickets[i] = Integer.parseInt(t[2 + i]);
        int result = turnsUntilDone(tickets, k);
        System.out.println(result < 0 ? "invalid" : String.valueOf(result));
    }
}
