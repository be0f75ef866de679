#include <iostream>
#include <vector>

std::vector<int> snakeFlatten(const std::vector<std::vector<int>>& grid) {
    std::vector<int> out;
    for (size_t r = 0; r < grid.size(); r++) {
        if (r % 2 == 0) out.insert(out.end(), grid[r].begin(), grid[r].end());
        else out.insert(out.end(), grid[r].rbegin(), grid[r].rend());
    }
    return out;
}

int main() {
    int rows, cols;
    std::cin >> rows >> cols;
    std::vector<std::vector<int>> grid(rows, std::vector<int>(cols));
    for (auto& row : grid) for (auto& v : row) std::cin >> v;
    std::vector<int> out = snakeFlatten(grid);
    for (size_t i = 0; i < out.size(); i++) std::cout << (i ? " " : "") << out[i];
    std::cout << "\n";
    return 0;
}
