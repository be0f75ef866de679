#include <iostream>
#include <vector>

bool isMagic(const std::vector<std::vector<int>>& grid, int n) {
    std::vector<bool> seen(n * n + 1, false);
    for (const auto& row : grid) {
        for (int v : row) {
            if (v < 1 || v > n * n || seen[v]) return false;
            seen[v] = true;
        }
    }
    int target = n * (n * n + 1) / 2;
    int diag = 0, anti = 0;
    for (int i = 0; i < n; i++) {
        int rowSum = 0, colSum = 0;
        for (int j = 0; j < n; j++) {
            rowSum += grid[i][j];
            colSum += grid[j][i];
        }
        if (rowSum != target || colSum != target) return false;
        diag += grid[i][i];
        anti += grid[i][n - 1 - i];
    }
    return diag == target && anti == target;
}

int main() {
    int n;
    std::cin >> n;
    std::vector<std::vector<int>> grid(n, std::vector<int>(n));
    for (auto& row : grid) for (int& v : row) std::cin >> v;
    std::cout << (isMagic(grid, n) ? "magic" : "not magic") << "\n";
    return 0;
}
